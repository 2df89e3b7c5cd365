//! Moves wherever they stand: a game printed inside prose (a page run into one line, a
//! paragraph with a headline and notes around it) is found and read, a game that stops is
//! kept up to the stop, and printed moves that no game took are said, never summed up as
//! complete. The layouts are generated from random legal games.

use escriba_notation::{DescLang, Dialect, Style};
use escriba_pipeline::GameStatus;
use escriba_resolve::Status;
use escriba_resolve::describe::write_game;
use escriba_resolve::shakmaty::{Chess, Move};

use crate::cli_support::run;
use crate::common::reference_sans;
use escriba_testkit::TempDir;
use escriba_testkit::{Rng, random_game};

const EN: Dialect = Dialect::Descriptive(DescLang::En);

/// Words of prose a column prints around and between its moves.
const PROSE: [&str; 12] = [
    "The",
    "position",
    "is",
    "now",
    "very",
    "interesting",
    "and",
    "Black",
    "had",
    "better",
    "defend",
    "quietly",
];

fn prose(rng: &mut Rng, words: usize) -> String {
    let mut out: Vec<&str> = (0..words).map(|_| PROSE[rng.below(PROSE.len())]).collect();
    out[0] = "The";
    format!("{}.", out.join(" "))
}

/// A game as one paragraph of a page: a headline and a sentence first, the moves with a
/// note of prose after some of Black's moves, and prose after the last move, all on one
/// line. (A move after prose with no number before it is no evidence of Black's move: a
/// sentence may end naming a move.)
fn paragraph(rng: &mut Rng, moves: &[Move]) -> String {
    let text = write_game(&Chess::default(), moves, EN, Style::default()).expect("legal");
    let mut out = format!("CHESS. Game played at the club. {} ", prose(rng, 9));
    let words: Vec<&str> = text.split_whitespace().collect();
    for (i, word) in words.iter().enumerate() {
        out.push_str(word);
        out.push(' ');
        let number_next = words
            .get(i + 1)
            .is_some_and(|w| w.ends_with('.') && w[..w.len() - 1].parse::<u32>().is_ok());
        if number_next && rng.below(5) == 0 {
            let words = 6 + rng.below(12);
            out.push_str(&prose(rng, words));
            out.push(' ');
        }
    }
    out.push_str(&prose(rng, 14));
    out
}

fn read_book(text: &str) -> Vec<escriba_pipeline::GameResult> {
    crate::common::read_book(text, "page.txt")
}

/// `games`, read from `text` (game `g` of a test), is one game whose plies are `want`,
/// none of them flagged.
fn assert_one_game_read_whole_unflagged(
    g: usize,
    text: &str,
    games: &[escriba_pipeline::GameResult],
    want: &[String],
) {
    assert_eq!(games.len(), 1, "game {g}: {text}");
    let got: Vec<String> = games[0]
        .plies
        .iter()
        .map(|p| p.ply.san.to_string())
        .collect();
    assert_eq!(got, want, "game {g}: {text}");
    assert!(
        games[0]
            .plies
            .iter()
            .all(|p| matches!(p.ply.status, Status::Exact | Status::Inferred)),
        "game {g} needs no flag: {text}"
    );
}

#[test]
fn a_game_run_into_one_paragraph_with_notes_is_read_whole() {
    let mut rng = Rng::new(3434);
    let mut plies = 0;
    for g in 0..40 {
        let length = 30 + rng.below(50);
        let moves = random_game(&mut rng, length);
        let text = paragraph(&mut rng, &moves);
        let games = read_book(&text);
        let want = reference_sans(&Chess::default(), &moves);
        assert_one_game_read_whole_unflagged(g, &text, &games, &want);
        plies += want.len();
    }
    assert!(plies > 1500, "{plies} plies read");
}

#[test]
fn a_game_in_prose_that_stops_is_kept_up_to_the_stop() {
    // Move 4 is impossible: the game replays three moves and stops there, partial.
    let text = "CHESS. A short game. 1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 \
                4. Q-R8 Resigns. The end of the column.";
    let games = read_book(text);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].plies.len(), 6);
    assert_eq!(games[0].status, GameStatus::Partial);
    assert!(
        games[0].failure.is_some(),
        "the stop is said, with its place"
    );
}

#[test]
fn a_fragment_that_replays_some_plies_is_written_not_left_out() {
    let dir = TempDir::new("moves-anywhere-fragment");
    // A short run in prose is an opening line; its fourth move does not replay.
    let text = "ON THE OPENINGS.\n\nThe usual course of the play is this, as every \
                student of the game will know from his own practice at the board.\n\
                1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. Q-R8 and so on, with many other ideas to \
                follow in a later chapter of this book about the openings.\n";
    let book = dir.file("openings.txt");
    std::fs::write(&book, text).unwrap();
    let out = dir.file("out.pgn");
    let r = run(&["transcribe", "--book", &book, "-o", &out], None);
    let pgn = dir.read("out.pgn");
    assert!(pgn.contains("1. e4 e5 2. Nf3 Nc6"), "{pgn}\n{}", r.stderr);
    assert!(r.stderr.contains("1 fragment (0 left out)"), "{}", r.stderr);
}

#[test]
fn printed_moves_no_game_took_are_a_warning_and_never_complete() {
    let dir = TempDir::new("moves-anywhere-unread");
    // A game's tail with no position to read it from, in a column of prose.
    let text = "CHESS COLUMN.\n\nThe end of last week's game, which our readers asked \
                for, and which shows the strength of the attack in a fine light.\n\
                19. K-R1 B-Kt5 20. R-K7 R-Q2 21. B-K5 K-B1 and Black resigned the game \
                soon after, having nothing better to do than to wait for the mate.\n";
    let book = dir.file("column.txt");
    std::fs::write(&book, text).unwrap();
    let r = run(&["transcribe", "--book", &book, "-o", "-"], None);
    assert!(
        r.stderr
            .contains("column.txt:4:1: 6 printed moves stand in text that no game"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("100.0%"), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("0 games, 0 plies, no game read, 6 printed moves in no game"),
        "{}",
        r.stderr
    );
    // Moves printed and not read fail the run, as a game cut short does.
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    let strict = run(
        &["transcribe", "--book", &book, "-o", "-", "--strict"],
        None,
    );
    assert_eq!(
        strict.code,
        Some(1),
        "--strict fails on them: {}",
        strict.stderr
    );
}

/// Each move of `moves` as compact English prints it, one string a move.
fn printed_moves(moves: &[Move]) -> Vec<String> {
    let mut printed = Vec::new();
    escriba_resolve::describe::write_game_with(
        &Chess::default(),
        moves,
        Style::default().form,
        |pos, origins, m, _| {
            let mut s = String::new();
            let d = escriba_resolve::describe::describe(pos, origins, m, EN);
            escriba_notation::write_move(EN, &d, Style::default(), &mut s);
            printed.push(s);
        },
    )
    .expect("a legal game");
    printed
}

/// A game as a web copy of a book prints it: a table of cells, `| 1. P-K4 | 1. P-K4 |`,
/// some rows with White's move alone in its cell and Black's in a row of its own after a
/// line of prose, as a page's notes break a table.
fn table_page(rng: &mut Rng, moves: &[Move]) -> String {
    let mut out = String::from("GAME.\n| WHITE. | BLACK. |\n");
    let printed = printed_moves(moves);
    for (k, pair) in printed.chunks(2).enumerate() {
        let n = k + 1;
        match pair {
            [w, b] if rng.below(4) == 0 => {
                out.push_str(&format!("| {n}. {w} |\n{}\n| {n}. {b} |\n", prose(rng, 8)));
            }
            [w, b] => out.push_str(&format!("| {n}. {w} | {n}. {b} |\n")),
            [w] => out.push_str(&format!("| {n}. {w} |\n")),
            _ => unreachable!("chunks of two"),
        }
    }
    out.push_str(&prose(rng, 10));
    out.push('\n');
    out
}

#[test]
fn a_game_in_a_tables_cells_reads_as_its_columns() {
    let dir = TempDir::new("moves-anywhere-table");
    let mut rng = Rng::new(3501);
    for g in 0..12 {
        let length = 20 + rng.below(40);
        let moves = random_game(&mut rng, length);
        let text = table_page(&mut rng, &moves);
        let page = dir.file("page.txt");
        std::fs::write(&page, &text).unwrap();
        let jsonl = dir.file("page.jsonl");
        let r = run(
            &["transcribe", "--book", &page, "--jsonl", &jsonl, "-o", "-"],
            None,
        );
        let games: Vec<serde_json::Value> = dir
            .read("page.jsonl")
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(games.len(), 1, "game {g}: {text}\n{}", r.stderr);
        let plies = games[0]["moves"].as_array().unwrap();
        let got: Vec<&str> = plies.iter().map(|p| p["san"].as_str().unwrap()).collect();
        assert_eq!(
            got,
            reference_sans(&Chess::default(), &moves),
            "game {g}: {text}"
        );
        assert!(
            plies
                .iter()
                .all(|p| matches!(p["status"].as_str(), Some("exact" | "inferred"))),
            "game {g} needs no flag: {text}"
        );
    }
}

/// Words a newspaper's OCR gives for a move it could not read (`JM` for `7 R-K sq`).
const JUNK: [&str; 4] = ["JM", "?H", "ri|", "Wm'"];

/// A game as a newspaper column prints it, every ply after its number and no periods
/// (`1 P-K4 1 P-K4 2 Kt-KB3 2 Kt-QB3 …`), in one paragraph, with some moves' words
/// knocked out by the OCR (a junk word in their place) and some numbers damaged past
/// their place (`53` for `33`). Returns the text and the plies knocked out.
fn every_ply_column(rng: &mut Rng, moves: &[Move]) -> (String, Vec<usize>) {
    let printed = printed_moves(moves);
    let mut out = format!("CHESS. Game No. 559. {} White. Black. ", prose(rng, 8));
    let mut lost = Vec::new();
    for (i, word) in printed.iter().enumerate() {
        let n = i / 2 + 1;
        // A number damaged far from its place (never the first two: they start the run).
        let number = if i > 3 && rng.below(15) == 0 {
            n + 30
        } else {
            n
        };
        // A word knocked out, never two plies in a row (the numbers around each say
        // where it stood).
        let knocked = i > 1 && rng.below(10) == 0 && lost.last() != Some(&(i - 1));
        let word = if knocked {
            lost.push(i);
            JUNK[rng.below(JUNK.len())]
        } else {
            word.as_str()
        };
        out.push_str(&format!("{number} {word} "));
    }
    out.push_str(&prose(rng, 12));
    (out, lost)
}

#[test]
fn a_column_that_numbers_every_ply_reads_past_words_the_ocr_lost_and_flags_them() {
    let mut rng = Rng::new(3402);
    let (mut games_read, mut with_lost, mut plies) = (0, 0, 0);
    for g in 0..40 {
        let length = 24 + rng.below(40);
        let moves = random_game(&mut rng, length);
        let (text, lost) = every_ply_column(&mut rng, &moves);
        let games = read_book(&text);
        let want = reference_sans(&Chess::default(), &moves);
        assert_eq!(games.len(), 1, "game {g}: {text}");
        let game = &games[0];
        assert_right_or_flagged(g, game, &want, &lost, &text);
        if !lost.is_empty() {
            with_lost += 1;
            assert_ne!(
                game.status,
                GameStatus::Complete,
                "game {g}: a ply was chosen by the board, the game is not complete: {text}"
            );
        }
        // A lost word is no stop: the numbers around it carry the game on to its end.
        games_read += usize::from(game.plies.len() == want.len());
        plies += game.plies.len();
    }
    assert!(with_lost > 20, "{with_lost} games with a word knocked out");
    // The numbers carry a game past a lost word: a quarter of the games read to their
    // end at least (13 of 40 when this was written; a game still stops where a lost word
    // stands next to a damaged number, or two lost words stand together). Without the
    // lost ply, a lost word stops every game at its place.
    assert!(
        games_read >= 10,
        "{games_read} of 40 games read to their end"
    );
    assert!(plies > 1200, "{plies} plies read");
}

/// How a newspaper's OCR prints the `1` of move 1: a capital I or a small l, before a
/// period or a blank, or fused to the move (`IP-K4`).
const ONE_AS_LETTER: [&str; 6] = ["I. ", "l. ", "I ", "l ", "I", "l"];

/// `text` with its first move number `1` (`first`, the number and what follows it) printed
/// as a letter; with `black`, the second `1 ` too (Black's, in a column that numbers every
/// ply).
fn one_as_letter(rng: &mut Rng, text: &str, first: &str, black: bool) -> String {
    let at = text.find(first).expect("a move 1");
    let letter = ONE_AS_LETTER[rng.below(ONE_AS_LETTER.len())];
    let mut out = format!("{}{letter}{}", &text[..at], &text[at + first.len()..]);
    if black && let Some(k) = out[at + letter.len()..].find(" 1 ") {
        let k = at + letter.len() + k + 1;
        out.replace_range(k..k + 1, ["I", "l"][rng.below(2)]);
    }
    out
}

/// Each ply of `game` is the game's move (`want`) or flagged, up to the first flagged ply
/// that is not the game's move (past it the board is another, and the book's words are read
/// on it as printed); each ply whose word was knocked out (`lost`) is flagged.
fn assert_right_or_flagged(
    g: usize,
    game: &escriba_pipeline::GameResult,
    want: &[String],
    lost: &[usize],
    text: &str,
) {
    for (i, p) in game.plies.iter().enumerate() {
        let flagged = p.ply.status.is_flagged();
        let right = p.ply.san == want[i];
        if flagged && !right {
            break;
        }
        assert!(
            right,
            "game {g}: unflagged ply {i} is {}: {text}",
            p.ply.san
        );
        assert!(
            !lost.contains(&i) || flagged,
            "game {g}: ply {i}, whose word was knocked out, is not flagged: {text}"
        );
    }
}

#[test]
fn a_move_one_the_ocr_printed_as_a_letter_starts_the_game() {
    // A paragraph with notes: the game is read whole, nothing flagged.
    let mut rng = Rng::new(3441);
    for g in 0..20 {
        let length = 20 + rng.below(40);
        let moves = random_game(&mut rng, length);
        let text = paragraph(&mut rng, &moves);
        let text = one_as_letter(&mut rng, &text, "1. ", false);
        let games = read_book(&text);
        assert_eq!(games.len(), 1, "game {g}: {text}");
        let got: Vec<String> = games[0]
            .plies
            .iter()
            .map(|p| p.ply.san.to_string())
            .collect();
        assert_eq!(
            got,
            reference_sans(&Chess::default(), &moves),
            "game {g}: {text}"
        );
        assert!(
            games[0]
                .plies
                .iter()
                .all(|p| matches!(p.ply.status, Status::Exact | Status::Inferred)),
            "game {g} needs no flag: {text}"
        );
    }
}

#[test]
fn a_move_one_printed_as_a_letter_in_a_damaged_column_gives_no_unflagged_wrong_ply() {
    // A column that numbers every ply, words knocked out and numbers damaged, its first
    // `1` (and sometimes Black's) printed as a letter: the game starts at White's first
    // move, and every ply is the game's or flagged.
    let mut rng = Rng::new(3442);
    let mut plies = 0;
    for g in 0..30 {
        let length = 24 + rng.below(40);
        let moves = random_game(&mut rng, length);
        let (text, lost) = every_ply_column(&mut rng, &moves);
        let black = rng.below(3) == 0;
        let text = one_as_letter(&mut rng, &text, "1 ", black);
        let games = read_book(&text);
        let want = reference_sans(&Chess::default(), &moves);
        assert_eq!(games.len(), 1, "game {g}: {text}");
        let game = &games[0];
        assert_eq!(
            game.plies[0].ply.san.to_string(),
            want[0],
            "game {g}: {text}"
        );
        assert_right_or_flagged(g, game, &want, &lost, &text);
        if !lost.is_empty() {
            assert_ne!(game.status, GameStatus::Complete, "game {g}: {text}");
        }
        plies += game.plies.len();
    }
    assert!(plies > 600, "{plies} plies read");
}

/// Words a note runs on into the move it names, by its number (`you can then turn the
/// game into the French Defence by 2. P to K4.`).
const NAMING: [&str; 4] = [
    "White may play instead",
    "the game turns into a gambit by",
    "some masters prefer here",
    "it is also possible to answer with",
];

/// A game as one paragraph, as [`paragraph`] prints it, where some notes after Black's
/// move name White's other choice by the number of White's next move, in the middle of a
/// sentence: the same number the table prints next.
fn paragraph_naming_numbers(rng: &mut Rng, moves: &[Move]) -> (String, usize) {
    use escriba_resolve::shakmaty::Position;
    let text = write_game(&Chess::default(), moves, EN, Style::default()).expect("legal");
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = format!("CHESS. Game played at the club. {} ", prose(rng, 9));
    let mut pos = Chess::default();
    let (mut ply, mut named) = (0, 0);
    for (i, word) in words.iter().enumerate() {
        out.push_str(word);
        out.push(' ');
        // A move's word opens with its man's capital; `ch` and `e.p.` after it are its own.
        let is_move = word.starts_with(|c: char| c.is_ascii_uppercase());
        if is_move && ply < moves.len() {
            pos.play_unchecked(moves[ply]);
            ply += 1;
        }
        let number_next = words.get(i + 1).is_some_and(|w| {
            w.strip_suffix('.')
                .is_some_and(|n| n.parse::<u32>().is_ok())
        });
        if !number_next {
            continue;
        }
        // After Black's move, before White's next: a move White could play instead.
        let other = (ply % 2 == 0 && ply < moves.len())
            .then(|| {
                let legal = pos.legal_moves();
                let others: Vec<Move> = legal.into_iter().filter(|m| *m != moves[ply]).collect();
                (!others.is_empty()).then(|| others[rng.below(others.len())])
            })
            .flatten();
        if let Some(other) = other.filter(|_| rng.below(3) == 0) {
            let mut line = moves[..ply].to_vec();
            line.push(other);
            let printed =
                write_game(&Chess::default(), &line, EN, Style::default()).expect("legal");
            let other_word = printed.split_whitespace().last().expect("a move");
            let naming = NAMING[rng.below(NAMING.len())];
            let sentence = prose(rng, 6);
            out.push_str(&format!(
                "{sentence} {naming} {}. {other_word} here. ",
                ply / 2 + 1
            ));
            named += 1;
        }
    }
    out.push_str(&prose(rng, 14));
    (out, named)
}

#[test]
fn a_move_a_note_names_by_its_number_in_the_middle_of_a_sentence_is_the_note_s() {
    let mut rng = Rng::new(3443);
    let mut named = 0;
    for g in 0..40 {
        let length = 30 + rng.below(50);
        let moves = random_game(&mut rng, length);
        let (text, n) = paragraph_naming_numbers(&mut rng, &moves);
        named += n;
        let games = read_book(&text);
        let want = reference_sans(&Chess::default(), &moves);
        assert_one_game_read_whole_unflagged(g, &text, &games, &want);
    }
    assert!(named > 100, "{named} moves named in notes");
}
