//! A printed move number is evidence: a reading that puts a move where its number does
//! not is flagged, never exact. Random legal games are printed with one number wrong, or
//! with a move's word damaged past reading, and read back.

use escriba_notation::{DescLang, Dialect, Style};
use escriba_resolve::describe::write_game;
use escriba_resolve::shakmaty::Chess;
use escriba_resolve::{Options, Status, resolve};

use crate::common::reference_sans;
use escriba_testkit::{Rng, random_game};

const EN: Dialect = Dialect::Descriptive(DescLang::En);

/// The words of a game as printed, and the index of each `n.` word.
fn printed(rng: &mut Rng) -> (Vec<String>, Vec<usize>, Vec<String>) {
    let moves = random_game(rng, 60);
    let text = write_game(&Chess::default(), &moves, EN, Style::default()).expect("legal");
    let words: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
    let numbers = words
        .iter()
        .enumerate()
        .filter(|(_, w)| w.ends_with('.') && w[..w.len() - 1].parse::<u32>().is_ok())
        .map(|(i, _)| i)
        .collect();
    (words, numbers, reference_sans(&Chess::default(), &moves))
}

/// Every unflagged ply is the game's move, up to the first flagged ply that is not: past
/// that the game is another, and its later moves are read as the book prints them.
fn no_unflagged_wrong(d: &escriba_resolve::Decoded, want: &[String], what: &str) {
    for (i, p) in d.plies.iter().enumerate() {
        let right = p.san == want[i];
        let flagged = !matches!(p.status, Status::Exact | Status::Inferred);
        if flagged && !right {
            return;
        }
        assert!(
            right,
            "unflagged ply {i} is {} not {}: {what}",
            p.san, want[i]
        );
    }
}

/// A game's printed words, one of its move numbers past the second chosen at random (its
/// index), and its SAN; `None` for a game of fewer than six numbers.
fn at_a_number(rng: &mut Rng) -> Option<(Vec<String>, usize, Vec<String>)> {
    let (words, numbers, want) = printed(rng);
    if numbers.len() < 6 {
        return None;
    }
    let at = numbers[2 + rng.below(numbers.len() - 3)];
    Some((words, at, want))
}

#[test]
fn a_move_after_a_wrong_number_is_never_exact() {
    let mut rng = Rng::new(3535);
    let mut checked = 0;
    for g in 0..80 {
        let Some((mut words, at, want)) = at_a_number(&mut rng) else {
            continue;
        };
        let n: u32 = words[at].trim_end_matches('.').parse().unwrap();
        let wrong = n + 2 + rng.below(5) as u32;
        words[at] = format!("{wrong}.");
        let text = words.join(" ");
        let d = resolve(&text, EN, Chess::default(), &Options::default());
        // The ply printed after the wrong number, if it was read.
        let ply = 2 * (n as usize - 1);
        if let Some(p) = d.plies.get(ply) {
            assert!(
                p.status.is_flagged(),
                "game {g}: ply {ply} after `{wrong}.` is {:?}: {text}",
                p.status
            );
            checked += 1;
        }
        no_unflagged_wrong(&d, &want, &format!("game {g}: {text}"));
    }
    assert!(checked > 40, "{checked} games checked");
}

#[test]
fn a_black_move_read_as_whites_after_an_unread_word_is_flagged() {
    let mut rng = Rng::new(3536);
    let mut checked = 0;
    for g in 0..80 {
        let Some((mut words, at, want)) = at_a_number(&mut rng) else {
            continue;
        };
        // White's move after a number, damaged past reading (`B-Kt5]]`, `qqq`).
        words[at + 1] = "qqq".into();
        let text = words.join(" ");
        let d = resolve(&text, EN, Chess::default(), &Options::default());
        no_unflagged_wrong(&d, &want, &format!("game {g}: {text}"));
        checked += 1;
    }
    assert!(checked > 40);
}

#[test]
fn a_game_whose_printed_moves_were_shifted_is_never_complete() {
    // `B-Kt5]]` reads as no move: Black's `P-QR3` would be White's third move.
    let text = b"1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5]] P-QR3 *\n";
    let r = crate::cli_support::run(&["transcribe", "-", "-o", "-"], Some(text));
    assert!(
        r.stderr
            .contains("printed as Black's move 3, read as White's move 3"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("0.0% complete"), "{}", r.stderr);
}

#[test]
fn a_move_read_from_part_of_its_words_before_an_unread_one_is_flagged() {
    // `P-KB4` as OCR gives it, `P-K Ji 4`: `P-K` alone reads as a move (its rank filled
    // in), and the word that held the rest of the square is unread.
    let mut rng = Rng::new(3538);
    let mut damaged = 0;
    for g in 0..120 {
        let (mut words, _, want) = printed(&mut rng);
        let Some(at) = words.iter().position(|w| {
            let b = w.as_bytes();
            w.len() == 5 && w.starts_with("P-") && matches!(b[2], b'K' | b'Q') && b[3] == b'B'
        }) else {
            continue;
        };
        let w = words[at].clone();
        words[at] = format!("{} Ji {}", &w[..3], &w[4..]);
        let text = words.join(" ");
        let d = resolve(&text, EN, Chess::default(), &Options::default());
        no_unflagged_wrong(&d, &want, &format!("game {g}: {text}"));
        damaged += 1;
    }
    assert!(damaged > 20, "{damaged} games damaged");
}

#[test]
fn a_move_read_right_after_moves_set_aside_is_flagged_when_the_next_number_disagrees() {
    // Black's move and the next pair or two set aside as text, numbers and all (a table's
    // lines taken for a note: `6. P-B3 {P-QKt4 7. B-B2 P-Q4 8. PxP} KtxP 9. P-KR3`): the
    // move after them stands in Black's place of the number before, where it may be
    // legal; the next number says moves are missing, and that move is flagged with it.
    let mut rng = Rng::new(3539);
    let (mut checked, mut read) = (0, 0);
    for g in 0..160 {
        let (mut words, numbers, want) = printed(&mut rng);
        if numbers.len() < 8 {
            continue;
        }
        let i = 2 + rng.below(numbers.len() - 6);
        let j = 1 + rng.below(2);
        let (from, to) = (numbers[i] + 2, numbers[i + j] + 1);
        let aside = words[from..=to].join(" ");
        words.splice(from..=to, [format!("{{{aside}}}")]);
        let text = words.join(" ");
        let d = resolve(&text, EN, Chess::default(), &Options::default());
        no_unflagged_wrong(&d, &want, &format!("game {g}: {text}"));
        // The move after the text set aside, read in Black's place of move `i + 1`.
        if let Some(p) = d.plies.get(2 * i + 1) {
            assert!(
                p.status.is_flagged(),
                "game {g}: ply {} read after the text set aside is {:?}: {text}",
                2 * i + 1,
                p.status
            );
            read += 1;
        }
        checked += 1;
    }
    assert!(checked > 80 && read > 10, "{checked} games, {read} read on");
}
