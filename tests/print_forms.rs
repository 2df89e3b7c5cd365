//! Print forms of real pages that the generated books did not have. Each class is tested
//! on random legal games rendered in that form, not on a sample.

use escriba_notation::{DescLang, Dialect, KnightLetter, Style, write_move};
use escriba_resolve::describe::{describe, write_game_with};
use escriba_resolve::shakmaty::{Chess, Move, Position};
use escriba_resolve::{Options, Status, resolve};

use crate::common::{reference_sans, sans};
use escriba_testkit::{Rng, line_by, random_game};

const EN: Dialect = Dialect::Descriptive(DescLang::En);

/// `P-K4` as a newspaper column prints it, its rank after a blank: `P-K 4`, `Kt-KB 3`,
/// `Q x Kt 7` (the last digit of the move, when a letter stands before it).
fn rank_spaced_off(printed: &str) -> String {
    let mut out = String::with_capacity(printed.len() + 1);
    let chars: Vec<char> = printed.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let last_digit = c.is_ascii_digit() && !chars[i + 1..].iter().any(char::is_ascii_digit);
        if last_digit && i > 0 && chars[i - 1].is_ascii_alphabetic() {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// A game as a newspaper prints it: bare move numbers (`1 P-K 4 P-K 4 2 Kt-KB 3 …`) and
/// every rank spaced off its square.
fn newspaper_print(moves: &[Move]) -> String {
    let style = Style {
        knight: KnightLetter::Kt,
        ..Style::default()
    };
    let text = write_game_with(
        &Chess::default(),
        moves,
        style.form,
        |pos, origins, m, out| {
            let mut printed = String::new();
            write_move(EN, &describe(pos, origins, m, EN), style, &mut printed);
            out.push_str(&rank_spaced_off(&printed));
        },
    )
    .expect("a legal game");
    // Bare numbers: `12.` becomes `12`.
    text.split(' ')
        .map(|w| {
            w.strip_suffix('.')
                .filter(|n| n.parse::<u32>().is_ok())
                .unwrap_or(w)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads `text`, random game `g` printed in `dialect`, and checks it is `moves`, read to its
/// end.
fn read_whole(g: usize, text: &str, dialect: Dialect, moves: &[Move]) -> escriba_resolve::Decoded {
    let d = resolve(text, dialect, Chess::default(), &Options::default());
    assert_eq!(
        sans(&d),
        reference_sans(&Chess::default(), moves),
        "game {g} ({}): {text}",
        dialect.id()
    );
    assert!(d.failure.is_none(), "game {g} read whole: {text}");
    d
}

/// Checks that no ply of `d`, game `g` read from `text`, needed a repair or is left in
/// doubt: the game read as printed.
fn assert_as_printed(g: usize, text: &str, d: &escriba_resolve::Decoded) {
    let doubtful: Vec<_> = d
        .plies
        .iter()
        .filter(|p| matches!(p.status, Status::Repaired | Status::Ambiguous))
        .map(|p| (&text[p.span.range()], p.status, &p.note))
        .collect();
    assert!(doubtful.is_empty(), "game {g}: {doubtful:?}: {text}");
}

#[test]
fn a_rank_printed_after_a_blank_is_the_moves_rank_not_a_move_number() {
    assert_eq!(rank_spaced_off("Kt-KB3"), "Kt-KB 3");
    assert_eq!(rank_spaced_off("P-K4"), "P-K 4");
    let mut rng = Rng::new(34);
    let mut plies = 0;
    for g in 0..60 {
        let moves = random_game(&mut rng, 80);
        let text = newspaper_print(&moves);
        plies += read_whole(g, &text, EN, &moves).plies.len();
    }
    assert!(
        plies > 2000,
        "the games are long enough to count: {plies} plies"
    );
}

/// A game printed with one move broken at its hyphen over a line end (`10. B-K3 Q-` /
/// `KB3 11. Kt-B3`), as a narrow column breaks it.
fn broken_at(moves: &[Move], rng: &mut Rng) -> Option<String> {
    let text =
        escriba_resolve::describe::write_game(&Chess::default(), moves, EN, Style::default())?;
    let words: Vec<&str> = text.split(' ').collect();
    let hyphenated: Vec<usize> = (0..words.len())
        .filter(|&i| {
            let w = words[i];
            w.contains('-') && !w.starts_with("O-") && w.parse::<u32>().is_err()
        })
        .collect();
    if hyphenated.is_empty() {
        return None;
    }
    let at = hyphenated[rng.below(hyphenated.len())];
    let (head, tail) = words[at].split_at(words[at].find('-')? + 1);
    let mut out: Vec<String> = words[..at].iter().map(|w| (*w).to_owned()).collect();
    out.push(format!("{head}\n{tail}"));
    out.extend(words[at + 1..].iter().map(|w| (*w).to_owned()));
    Some(out.join(" "))
}

#[test]
fn a_move_broken_at_its_hyphen_over_a_line_end_is_joined_and_says_so() {
    let mut rng = Rng::new(3537);
    let mut joined = 0;
    for g in 0..60 {
        let moves = random_game(&mut rng, 40);
        let Some(text) = broken_at(&moves, &mut rng) else {
            continue;
        };
        let d = resolve(&text, EN, Chess::default(), &Options::default());
        let want = reference_sans(&Chess::default(), &moves);
        assert_eq!(sans(&d), want, "game {g}: {text}");
        let broken: Vec<_> = d
            .plies
            .iter()
            .filter(|p| text[p.span.range()].contains('\n'))
            .collect();
        assert_eq!(
            broken.len(),
            1,
            "game {g}: one ply over the line end: {text}"
        );
        let note = broken[0].note.as_deref().unwrap_or_default();
        assert!(
            note.contains("joined across a line end"),
            "game {g}: {note:?}: {text}"
        );
        joined += 1;
    }
    assert!(joined > 40, "{joined} games with a broken move");
}

/// A random legal game in compact English, each printed move passed through `form` (with
/// the game's random source, to choose where a form applies).
fn printed_with(
    moves: &[Move],
    rng: &mut Rng,
    mut form: impl FnMut(String, &mut Rng) -> String,
) -> String {
    let style = Style {
        knight: KnightLetter::Kt,
        ..Style::default()
    };
    write_game_with(
        &Chess::default(),
        moves,
        style.form,
        |pos, origins, m, out| {
            let mut printed = String::new();
            write_move(EN, &describe(pos, origins, m, EN), style, &mut printed);
            out.push_str(&form(printed, rng));
        },
    )
    .expect("a legal game")
}

/// Reads 60 random games printed with `form`, each as the game itself, whole and as
/// printed (no ply repaired or ambiguous); returns how many printed moves `form` changed.
fn reads_whole(seed: u64, form: impl Fn(String, &mut Rng) -> String + Copy) -> usize {
    let mut rng = Rng::new(seed);
    let mut changed = 0;
    for g in 0..60 {
        let moves = random_game(&mut rng, 80);
        let plain = printed_with(&moves, &mut rng, |p, _| p);
        let text = printed_with(&moves, &mut rng, form);
        changed += plain
            .split(' ')
            .zip(text.split(' '))
            .filter(|(a, b)| a != b)
            .count();
        let d = read_whole(g, &text, EN, &moves);
        assert_as_printed(g, &text, &d);
    }
    changed
}

#[test]
fn a_check_or_mate_set_off_by_a_colon_is_the_moves_mark() {
    // `Q-R5ch` printed `Q-R5: ch.`, `Q-R5 mate` printed `Q-R5: mate`.
    let colon = |p: String, _: &mut Rng| {
        for (mark, word) in [("ch", "ch."), ("mate", "mate")] {
            if let Some(body) = p.strip_suffix(mark) {
                return format!("{}: {word}", body.trim_end());
            }
        }
        p
    };
    let changed = reads_whole(58, colon);
    assert!(changed > 20, "{changed} marks set off by a colon");
}

#[test]
fn a_mover_printed_in_lower_case_is_the_same_man() {
    // `Kt-KB3` printed `kt-KB3`, `PxP` printed `pxP`, `QR-K1` printed `qr-K1`.
    let lower = |p: String, rng: &mut Rng| {
        let mover = p.find(['-', 'x']).unwrap_or(0);
        let letters = p[..mover].bytes().all(|b| b.is_ascii_alphabetic());
        if p.starts_with("O-") || !letters || rng.below(2) == 0 {
            return p;
        }
        p[..mover].to_ascii_lowercase() + &p[mover..]
    };
    let changed = reads_whole(59, lower);
    assert!(changed > 500, "{changed} movers in lower case");
}

#[test]
fn a_note_letter_after_a_pawn_move_is_no_promotion() {
    // `P-KKt4 (N)`: a note's letter after a pawn's move to a square short of the last rank.
    let lettered = |p: String, rng: &mut Rng| {
        // A capture names no square: `PxP (N)` may promote, and is left out.
        let pawn = p.starts_with("P-") && !p.contains('8') && !p.contains('=');
        if !pawn || rng.below(3) != 0 {
            return p;
        }
        let letter = ["N", "B", "R", "Q", "a", "b"][rng.below(6)];
        format!("{p} ({letter})")
    };
    let changed = reads_whole(60, lettered);
    assert!(changed > 200, "{changed} note letters");
}

#[test]
fn a_number_fused_to_its_move_is_the_number() {
    // `6. Q x P` printed `6Q x P`, as OCR and narrow columns run them together.
    let mut rng = Rng::new(61);
    let mut fused = 0;
    for g in 0..60 {
        let moves = random_game(&mut rng, 80);
        let plain =
            escriba_resolve::describe::write_game(&Chess::default(), &moves, EN, Style::default())
                .expect("a legal game");
        let text: String = plain
            .split(' ')
            .map(|w| match w.strip_suffix('.') {
                Some(n) if n.parse::<u32>().is_ok() && rng.below(2) == 0 => {
                    fused += 1;
                    n.to_owned()
                }
                _ => format!("{w} "),
            })
            .collect();
        let d = read_whole(g, &text, EN, &moves);
        assert!(
            d.plies.iter().all(|p| p.status != Status::Repaired),
            "game {g}: read as printed: {text}"
        );
    }
    assert!(fused > 500, "{fused} numbers fused");
}

/// SAN as a PDF typeset in a chess publisher's figurine font gives it when its text is
/// extracted: the piece letters become the Latin-1 signs the font draws its figurines at
/// (`¢ £ ¤ ¥ ¦` for K, Q, N, B, R), `1.e4 e6 2.f4 ¥c5 3.¤f3`, castling with an en dash.
fn figurine_font_print(start: &Chess, moves: &[Move]) -> String {
    let mut out = String::new();
    for (i, san) in reference_sans(start, moves).iter().enumerate() {
        if i % 2 == 0 {
            out.push_str(&format!("{}.", i / 2 + 1));
        } else {
            out.push(' ');
        }
        let printed: String = san
            .chars()
            .map(|c| match c {
                'K' => '¢',
                'Q' => '£',
                'N' => '¤',
                'B' => '¥',
                'R' => '¦',
                c => c,
            })
            .collect();
        out.push_str(&printed.replace("O-O", "0–0"));
        out.push(if i % 8 == 7 { '\n' } else { ' ' });
    }
    out
}

#[test]
fn a_figurine_fonts_latin1_signs_are_its_pieces() {
    use escriba_notation::detect::rank_dialects;
    let mut rng = Rng::new(36);
    let mut pieces = 0;
    for g in 0..60 {
        let moves = random_game(&mut rng, 80);
        let text = figurine_font_print(&Chess::default(), &moves);
        pieces += text.matches(['¢', '£', '¤', '¥', '¦']).count();
        let dialect = rank_dialects(&text)
            .first()
            .map(|r| r.0)
            .expect("a dialect is ranked");
        assert!(
            matches!(dialect, Dialect::Algebraic(_)),
            "game {g} read as algebraic, not {}: {text}",
            dialect.id()
        );
        let d = read_whole(g, &text, dialect, &moves);
        assert!(
            d.plies.iter().all(|p| p.status == Status::Exact),
            "game {g}: every move read as printed: {text}"
        );
    }
    assert!(pieces > 1000, "the games move their pieces: {pieces} signs");
}

/// A game in Portuguese algebraic as blogs print it: one numbered pair a line, a dash
/// between White's and Black's moves and a semicolon after (`2. Cf3 – d6;`).
fn dash_pairs_print(sans: &[String]) -> String {
    let letters: escriba_notation::letters::PieceLetters = "RDTBC".parse().expect("letters");
    let mut out = String::new();
    for (i, pair) in sans.chunks(2).enumerate() {
        let printed: Vec<String> = pair
            .iter()
            .map(|s| letters.apply(s).replace("O-O", "0-0"))
            .collect();
        let dash = ["–", "-", "—"][i % 3];
        out.push_str(&format!(
            "{}. {};\n",
            i + 1,
            printed.join(&format!(" {dash} "))
        ));
    }
    out
}

/// Whether White's move `white` and the square Black's printed move starts with may be one
/// long-algebraic move printed with blanks around its dash (`e4 - e5`, `Bb5 - a6`): the
/// dash between them cannot be told from that move's by the words alone.
fn may_be_one_long_move(white: &Move, white_san: &str, black_san: &str) -> bool {
    use escriba_resolve::shakmaty::Role;
    let b = black_san.as_bytes();
    let plain = !white_san.contains(['x', '+', '#', '=']) && !white_san.starts_with('O');
    if !plain || b.len() < 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return false;
    }
    let to = white.to();
    let df = (i32::from(b[0] - b'a') - to.file() as i32).abs();
    let dr = (i32::from(b[1] - b'1') - to.rank() as i32).abs();
    match white.role() {
        Role::Pawn => df == 0 && (1..=2).contains(&dr),
        Role::Knight => df * dr == 2,
        Role::Bishop => df == dr && df > 0,
        Role::Rook => (df == 0) != (dr == 0),
        Role::Queen => (df == dr || df == 0 || dr == 0) && df + dr > 0,
        Role::King => (df <= 1 && dr <= 1 && df + dr > 0) || (dr == 0 && df == 2),
    }
}

#[test]
fn a_dash_between_a_pairs_moves_sets_them_apart() {
    use escriba_notation::detect::rank_dialects;
    let mut rng = Rng::new(3407);
    let (mut pairs, mut doubtful) = (0, 0);
    for g in 0..60 {
        let moves = random_game(&mut rng, 80);
        let want = reference_sans(&Chess::default(), &moves);
        let text = dash_pairs_print(&want);
        let dialect = rank_dialects(&text).first().map(|r| r.0).expect("ranked");
        let d = read_whole(g, &text, dialect, &moves);
        for (k, p) in d.plies.iter().enumerate() {
            // Where Black's move could end a long move from White's square (`e4 - e5`), the
            // words alone cannot tell, and the board does: White's move read as printed
            // went to that square, where White's own man cannot have stood.
            let may_be_long =
                k % 2 == 1 && may_be_one_long_move(&moves[k - 1], &want[k - 1], &want[k]);
            doubtful += usize::from(may_be_long);
            assert_eq!(
                p.status,
                Status::Exact,
                "game {g}, ply {k} `{}`: {text}",
                want[k]
            );
        }
        pairs += want.len() / 2;
    }
    assert!(
        pairs > 1500 && doubtful > 50,
        "{pairs} pairs, {doubtful} that the words alone leave in doubt"
    );
}

/// A two-column table of long-hand moves as a web copy runs its cells together, each cell
/// numbered: `1.P. to Q's 4th.1.P. to Q's 4th.`, one pair a line.
fn glued_cells_print(moves: &[Move]) -> String {
    let style = Style {
        form: escriba_notation::Form::LongHand,
        knight: KnightLetter::Kt,
    };
    let mut pos = Chess::default();
    let mut origins = escriba_resolve::identity::Origins::new(pos.board());
    let mut out = String::new();
    for (k, &m) in moves.iter().enumerate() {
        let mut printed = String::new();
        write_move(EN, &describe(&pos, &origins, m, EN), style, &mut printed);
        if !printed.ends_with('.') {
            printed.push('.');
        }
        out.push_str(&format!("{}.{printed}", k / 2 + 1));
        if k % 2 == 1 {
            out.push('\n');
        }
        origins.play(m);
        pos.play_unchecked(m);
    }
    out
}

#[test]
fn a_move_number_glued_to_the_move_before_it_is_the_next_cells_number() {
    let mut rng = Rng::new(3408);
    let mut glued = 0;
    for g in 0..60 {
        let moves = random_game(&mut rng, 80);
        let text = glued_cells_print(&moves);
        glued += text.lines().filter(|l| l.matches('.').count() > 3).count();
        let d = read_whole(g, &text, EN, &moves);
        assert_as_printed(g, &text, &d);
    }
    assert!(glued > 1000, "{glued} lines of two glued cells");
}

/// How a spaced long move separates its two squares, as the books and OCR print it.
#[derive(Clone, Copy, Debug)]
enum Between {
    /// `e 2 e 4`, a capture marked after the move (`e 5 d 4 :`), as the Spanish Philidor
    /// of 1846 prints it.
    Blank,
    /// `e 2 - e 4`, `e 5 x d 4`.
    Dash,
    /// `e 2-e 4`, `e 5xd 4`: a compact long move whose squares OCR split.
    Tight,
}

/// A move in long algebraic with each square printed as file, blank, rank: the piece's
/// letter of `letters` (K Q R B N order) and a blank before its origin, castling with
/// zeros, a promotion as `=D`.
fn spaced_long(m: Move, letters: [&str; 5], between: Between) -> String {
    use escriba_resolve::shakmaty::{CastlingSide, Role};
    if let Some(side) = m.castling_side() {
        return (if side == CastlingSide::KingSide {
            "0-0"
        } else {
            "0-0-0"
        })
        .to_owned();
    }
    let spaced = |sq: escriba_resolve::shakmaty::Square| {
        let s = sq.to_string();
        format!("{} {}", &s[..1], &s[1..])
    };
    let letter = |r: Role| match r {
        Role::King => letters[0],
        Role::Queen => letters[1],
        Role::Rook => letters[2],
        Role::Bishop => letters[3],
        Role::Knight => letters[4],
        Role::Pawn => "",
    };
    let mut out = String::new();
    if m.role() != Role::Pawn {
        out.push_str(letter(m.role()));
        out.push(' ');
    }
    let from = spaced(m.from().expect("a move that is not a drop"));
    let (to, takes) = (spaced(m.to()), m.is_capture());
    out.push_str(&match (between, takes) {
        (Between::Blank, false) => format!("{from} {to}"),
        (Between::Blank, true) => format!("{from} {to} :"),
        (Between::Dash, false) => format!("{from} - {to}"),
        (Between::Dash, true) => format!("{from} x {to}"),
        (Between::Tight, false) => format!("{from}-{to}"),
        (Between::Tight, true) => format!("{from}x{to}"),
    });
    if let Some(p) = m.promotion() {
        out.push('=');
        out.push_str(letter(p));
    }
    out
}

#[test]
fn long_algebraic_with_each_square_spaced_reads_as_printed() {
    use escriba_notation::AlgLang;
    let forms = [
        (AlgLang::Es, ["R", "D", "T", "A", "C"], Between::Blank),
        (AlgLang::Es, ["R", "D", "T", "A", "C"], Between::Dash),
        (AlgLang::En, ["K", "Q", "R", "B", "N"], Between::Dash),
        (AlgLang::De, ["K", "D", "T", "L", "S"], Between::Tight),
    ];
    let mut rng = Rng::new(1846);
    let mut plies = 0;
    for g in 0..60 {
        let (lang, letters, between) = forms[g % forms.len()];
        let dialect = Dialect::Algebraic(lang);
        let moves = random_game(&mut rng, 80);
        let text = write_game_with(
            &Chess::default(),
            &moves,
            escriba_notation::Form::Compact,
            |_, _, m, out| out.push_str(&spaced_long(m, letters, between)),
        )
        .expect("a legal game");
        let d = read_whole(g, &text, dialect, &moves);
        assert_as_printed(g, &text, &d);
        plies += d.plies.len();
    }
    assert!(
        plies > 2000,
        "the games are long enough to count: {plies} plies"
    );
}

/// `printed`, a castling sign (`O-O`, `O-O-O`), with one mark or one link (a dash) too many
/// or too few, as print and OCR damage it (`O-OO`, `OO-O`, `O--O`, `O-O-`, `OO`), each mark
/// then in either fount (`O`, `0`); `None` for a sign of letters (`Castles`).
fn castling_sign_damaged(rng: &mut Rng, printed: &str) -> Option<String> {
    let mut sign: Vec<char> = printed.chars().collect();
    if sign.iter().any(|&c| c != 'O' && c != '-') {
        return None;
    }
    let at = |c: char, sign: &[char]| -> Vec<usize> {
        (0..sign.len()).filter(|&k| sign[k] == c).collect()
    };
    match rng.below(4) {
        0 => sign.insert(rng.below(sign.len() + 1), 'O'),
        1 => {
            let k = *rng.pick(&at('O', &sign));
            sign.remove(k);
        }
        2 => sign.insert(rng.below(sign.len() + 1), '-'),
        _ => {
            let k = *rng.pick(&at('-', &sign));
            sign.remove(k);
        }
    }
    Some(
        sign.into_iter()
            .map(|c| if c == 'O' && rng.chance(40) { '0' } else { c })
            .collect(),
    )
}

/// One of `legal` (not empty) for a game that castles where both sides are open: the
/// minor pieces and queens developed first, castling taken mostly where both sides are
/// legal.
fn develop_then_castle(rng: &mut Rng, legal: &[Move]) -> Move {
    use escriba_resolve::shakmaty::{Rank, Role};
    let castles: Vec<Move> = legal.iter().copied().filter(|m| m.is_castle()).collect();
    if rng.chance(if castles.len() == 2 { 90 } else { 15 }) && !castles.is_empty() {
        return *rng.pick(&castles);
    }
    let develops = |m: &Move| {
        matches!(m.role(), Role::Knight | Role::Bishop | Role::Queen)
            && m.from()
                .is_some_and(|sq| matches!(sq.rank(), Rank::First | Rank::Eighth))
    };
    let developing: Vec<Move> = legal.iter().copied().filter(develops).collect();
    if !developing.is_empty() && rng.chance(70) {
        *rng.pick(&developing)
    } else {
        *rng.pick(legal)
    }
}

#[test]
fn a_castling_sign_with_a_mark_or_link_too_many_or_too_few_is_right_or_flagged() {
    use escriba_notation::AlgLang;
    let dialects = [
        EN,
        Dialect::Descriptive(DescLang::Es),
        Dialect::Algebraic(AlgLang::En),
        Dialect::Algebraic(AlgLang::De),
    ];
    let mut rng = Rng::new(3606);
    let (mut damaged, mut flagged, mut open) = (0, 0, 0);
    for g in 0..400 {
        let dialect = dialects[g % dialects.len()];
        // Games of any length: one may end soon after its castling, before a later move
        // could show the side.
        let length = rng.range(12, 60);
        let moves = line_by(&mut rng, &Chess::default(), length, develop_then_castle).0;
        let want = reference_sans(&Chess::default(), &moves);
        let mut signs = Vec::new();
        let text = write_game_with(
            &Chess::default(),
            &moves,
            escriba_notation::Form::Compact,
            |pos, origins, m, out| {
                let mut printed = String::new();
                let mv = describe(pos, origins, m, dialect);
                write_move(dialect, &mv, Style::default(), &mut printed);
                let both = pos.legal_moves().iter().filter(|m| m.is_castle()).count() == 2;
                open += usize::from(m.is_castle() && both);
                let sign = m
                    .is_castle()
                    .then(|| castling_sign_damaged(&mut rng, &printed));
                match sign.flatten() {
                    Some(sign) => {
                        out.push_str(&sign);
                        signs.push(sign);
                    }
                    None => out.push_str(&printed),
                }
            },
        )
        .expect("a legal game");
        damaged += signs.len();
        let d = resolve(&text, dialect, Chess::default(), &Options::default());
        // Right, or flagged: after a flagged ply that is wrong, the game goes on from
        // another position, and the plies after it are not the book's.
        for (k, p) in d.plies.iter().enumerate() {
            if p.status.is_flagged() {
                flagged += 1;
                if p.san != want[k] {
                    break;
                }
            }
            assert_eq!(
                p.san,
                want[k],
                "game {g} ({}), unflagged ply {k} ({:?}, {signs:?}): {text}",
                dialect.id(),
                p.status
            );
        }
    }
    eprintln!(
        "castling signs damaged: {damaged} ({open} where both sides were open), flagged plies: {flagged}"
    );
    assert!(
        damaged > 200 && open > 40 && flagged > 100,
        "{damaged} damaged signs, {flagged} flagged plies"
    );
}
