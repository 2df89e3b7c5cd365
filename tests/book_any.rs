//! Any book, not two (issue 21): random legal games rendered into the layouts books print,
//! read back in the default mode (no `--book`), and checked whole: every ply, from the
//! right start, `complete`, with the players. Each test is a class of layout; the games and
//! the places of the interruptions are drawn at random, so a test pins the class, not a
//! sample.

use std::fmt::Write as _;
use std::sync::Arc;

use escriba_notation::{DescLang, Dialect, Form, KnightLetter, Style, write_move};
use escriba_pipeline::game::GameResult;
use escriba_pipeline::segment::segment_text;
use escriba_pipeline::{Config, GameStatus, GameText, process_game};
use escriba_resolve::describe::describe;
use escriba_resolve::identity::Origins;
use escriba_resolve::shakmaty::{Board, Chess, Color, Move, Position, Square};

use crate::common::{Rng, random_game, reference_sans};

/// A notation books print, with its name for messages.
#[derive(Clone, Copy)]
struct Print {
    name: &'static str,
    dialect: Dialect,
    style: Style,
}

const EN: Dialect = Dialect::Descriptive(DescLang::En);

const PRINTS: [Print; 5] = [
    Print {
        name: "compact",
        dialect: EN,
        style: Style {
            form: Form::Compact,
            knight: KnightLetter::Kt,
        },
    },
    Print {
        name: "compact-n",
        dialect: EN,
        style: Style {
            form: Form::Compact,
            knight: KnightLetter::N,
        },
    },
    Print {
        name: "spaced",
        dialect: EN,
        style: Style {
            form: Form::Spaced,
            knight: KnightLetter::Kt,
        },
    },
    Print {
        name: "long-hand",
        dialect: EN,
        style: Style {
            form: Form::LongHand,
            knight: KnightLetter::Kt,
        },
    },
    Print {
        name: "spanish",
        dialect: Dialect::Descriptive(DescLang::Es),
        style: Style {
            form: Form::Compact,
            knight: KnightLetter::Kt,
        },
    },
];

/// A game to print: its moves, each ply as the book writes it, and the board after each.
struct Score {
    moves: Vec<Move>,
    tokens: Vec<String>,
    boards: Vec<Board>,
}

impl Score {
    fn new(moves: Vec<Move>, print: Print) -> Score {
        Score::from(Chess::default(), moves, print)
    }

    fn from(start: Chess, moves: Vec<Move>, print: Print) -> Score {
        let mut pos = start;
        let mut origins = Origins::new(pos.board());
        let mut tokens = Vec::new();
        let mut boards = Vec::new();
        for &m in &moves {
            let mut t = String::new();
            write_move(
                print.dialect,
                &describe(&pos, &origins, m, print.dialect),
                print.style,
                &mut t,
            );
            tokens.push(t);
            origins.play(m);
            pos.play_unchecked(m);
            boards.push(pos.board().clone());
        }
        Score {
            moves,
            tokens,
            boards,
        }
    }

    /// One move a line for the plies `from..to`: White's numbered, Black's under it,
    /// unnumbered and indented further.
    fn single_rows(&self, from: usize, to: usize, out: &mut String) {
        for p in from..to {
            if p % 2 == 0 {
                writeln!(out, "{:>8}. {}", p / 2 + 1, self.tokens[p]).unwrap();
            } else {
                writeln!(out, "             {}", self.tokens[p]).unwrap();
            }
        }
    }

    /// Two-column rows for the plies `from..to` (`from` even: a White move).
    fn rows(&self, from: usize, to: usize, out: &mut String) {
        let mut p = from;
        if p % 2 == 1 {
            writeln!(out, "{:>3}. ........    {}", p / 2 + 1, self.tokens[p]).unwrap();
            p += 1;
        }
        while p < to {
            let white = &self.tokens[p];
            match self.tokens.get(p + 1).filter(|_| p + 1 < to) {
                Some(black) => {
                    let gap = 30usize.saturating_sub(white.chars().count()).max(4);
                    writeln!(out, "{:>3}. {white}{:gap$}{black}", p / 2 + 1, "").unwrap();
                }
                None => writeln!(out, "{:>3}. {white}", p / 2 + 1).unwrap(),
            }
            p += 2;
        }
    }
}

/// The men of `board` as one letter each, upper case for White, lower for Black.
fn letter_at(board: &Board, sq: Square) -> Option<char> {
    board.piece_at(sq).map(|p| {
        let c = p.role.upper_char();
        if p.color == Color::White {
            c
        } else {
            c.to_ascii_lowercase()
        }
    })
}

/// A diagram of `board` in one of the drawings books and transcribers use.
fn diagram(board: &Board, drawing: usize, caption: &str) -> String {
    let mut out = String::new();
    let rule = "        +---+---+---+---+---+---+---+---+\n";
    if drawing.is_multiple_of(2) {
        writeln!(out, "{caption}").unwrap();
    }
    for rank in (0..8u32).rev() {
        let cells: Vec<String> = (0..8u32)
            .map(|file| {
                let sq = Square::from_coords(
                    escriba_resolve::shakmaty::File::new(file),
                    escriba_resolve::shakmaty::Rank::new(rank),
                );
                let dark = (file + rank) % 2 == 0;
                match letter_at(board, sq) {
                    None if drawing == 4 => " . ".into(),
                    Some(c) if drawing == 4 => {
                        // Two letters for a knight, a star for Black: `*Kt`.
                        let name = match c.to_ascii_uppercase() {
                            'N' => "Kt".to_owned(),
                            u => u.to_string(),
                        };
                        let star = if c.is_ascii_lowercase() { "*" } else { " " };
                        format!("{star}{name:<2}")
                    }
                    None => match drawing {
                        0 => "   ".into(),
                        1 => (if dark { " # " } else { "   " }).into(),
                        2 | 5 => " . ".into(),
                        _ => " - ".into(),
                    },
                    Some(c) => {
                        let upper = c.to_ascii_uppercase();
                        let black = c.is_ascii_lowercase();
                        match drawing {
                            0 => format!(" {c} "),
                            1 | 5 if black => format!("*{upper} "),
                            2 if black => format!("({upper})"),
                            3 if black => format!("#{upper} "),
                            _ => format!(" {upper} "),
                        }
                    }
                }
            })
            .collect();
        if drawing == 0 {
            out.push_str(rule);
            writeln!(out, "      {} |{}|", rank + 1, cells.join("|")).unwrap();
        } else if drawing == 4 {
            // Bars at the edges only, under a plain rule.
            if rank == 7 {
                writeln!(out, "          {}", "-".repeat(35)).unwrap();
            }
            writeln!(out, "        {} |{} |", rank + 1, cells.join(" ")).unwrap();
        } else if drawing == 5 {
            // No rank numbers, no file letters: a row may open with a marked man (`*P`).
            writeln!(out, "          {}", cells.join("").trim_start()).unwrap();
        } else {
            writeln!(out, "      {}  {}", rank + 1, cells.join("")).unwrap();
        }
    }
    if drawing == 0 {
        out.push_str(rule);
        out.push_str("          a   b   c   d   e   f   g   h\n");
    } else if drawing == 4 {
        writeln!(out, "          {}", "-".repeat(35)).unwrap();
        out.push_str("             a   b   c   d   e   f   g   h\n");
    } else if drawing != 5 {
        out.push_str("          a  b  c  d  e  f  g  h\n");
    }
    if drawing % 2 == 1 {
        writeln!(out, "{caption}").unwrap();
    }
    out
}

/// The notes books print between rows, from one line to a paragraph.
const NOTES: [&str; 4] = [
    "A strong move.",
    "Black has nothing better; if the Knight retires, White\n\
     gains a tempo for the attack on the King's side.",
    "This loses time. The text move was much criticised after the game, and\n\
     most annotators prefer the simple developing move, after which the game is\n\
     about even. White now takes the initiative and never lets it go.",
    "(The position after White's move is shown in the diagram.)",
];

/// Page furniture books and their digitizers leave between rows.
const FURNITURE: [&str; 5] = [
    "{123}",
    "[Pg 87]",
    "[Illustration]",
    "                                  87",
    "[ocr errors]",
];

/// Reads `text` as the default mode does (no `--book`): every game it finds.
fn default_mode(text: &str) -> Vec<GameResult> {
    let cfg = Config::default();
    let mut seg = cfg.new_segmenter();
    segment_text(seg.as_mut(), text)
        .into_iter()
        .enumerate()
        .map(|(i, segment)| {
            process_game(
                &GameText {
                    source: Arc::from("book.txt"),
                    index: i as u64 + 1,
                    segment,
                },
                &cfg,
            )
        })
        .collect()
}

/// What a test compares of a game: its SAN, its status and its players.
type Read<'a> = (Vec<String>, GameStatus, Option<&'a str>, Option<&'a str>);

/// [`assert_read_whole`] with the players' names owned.
fn assert_read_all(text: &str, expected: &[(Score, String, String)], what: &str) {
    let want: Vec<(&Score, &str, &str)> = expected
        .iter()
        .map(|(s, w, b)| (s, w.as_str(), b.as_str()))
        .collect();
    assert_read_whole(text, &want, what);
}

/// The games read from `text` are exactly `expected` (moves, players), each whole and
/// `complete`.
fn assert_read_whole(text: &str, expected: &[(&Score, &str, &str)], what: &str) {
    let results: Vec<GameResult> = default_mode(text)
        .into_iter()
        .filter(|r| !r.plies.is_empty() || r.status != GameStatus::Empty)
        .collect();
    let got: Vec<Read> = results
        .iter()
        .map(|r| {
            (
                r.plies.iter().map(|p| p.ply.san.to_string()).collect(),
                r.status,
                r.tags.get("White"),
                r.tags.get("Black"),
            )
        })
        .collect();
    let want: Vec<Read> = expected
        .iter()
        .map(|(s, w, b)| {
            (
                reference_sans(&Chess::default(), &s.moves),
                GameStatus::Complete,
                Some(*w),
                Some(*b),
            )
        })
        .collect();
    assert_eq!(got, want, "{what}:\n{text}");
}

/// Players for the `n`th game.
fn players(n: usize) -> (String, String) {
    const NAMES: [&str; 6] = [
        "Blackburne",
        "Zukertort",
        "Steinitz",
        "Mason",
        "Tchigorin",
        "Gunsberg",
    ];
    (
        NAMES[n % NAMES.len()].to_owned(),
        NAMES[(n + 1 + n / NAMES.len()) % NAMES.len()].to_owned(),
    )
}

fn random_score(rng: &mut Rng, print: Print) -> Score {
    loop {
        let max = 30 + rng.below(50);
        let moves = random_game(rng, max);
        if moves.len() >= 24 {
            return Score::new(moves, print);
        }
    }
}

#[test]
fn a_game_goes_on_after_a_diagram_a_note_and_page_marks_whatever_the_drawing() {
    let mut rng = Rng::new(2101);
    for round in 0..80 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        // One to three interruptions, each after a ply drawn at random.
        let n = score.moves.len();
        let count = 1 + rng.below(3);
        let mut cuts: Vec<usize> = (0..count).map(|_| 4 + rng.below(n - 8)).collect();
        cuts.sort_unstable();
        cuts.dedup();
        let mut from = 0;
        for (k, &cut) in cuts.iter().enumerate() {
            score.rows(from, cut, &mut text);
            text.push('\n');
            match (round + k) % 4 {
                0 => {
                    // Some books number their figures over the caption: `No. 101.`, a
                    // figure's number, not a game's heading.
                    if rng.below(2) == 0 {
                        writeln!(text, "{:>30}No. {}.\n", "", 100 + round).unwrap();
                    }
                    let caption = format!("Diag. {}.", 100 + round);
                    text.push_str(&diagram(&score.boards[cut - 1], rng.below(6), &caption));
                }
                3 => {
                    // A diagram the OCR damaged: a rank lost, a rule turned to a line.
                    let caption = format!("DIAGRAM {}", 100 + round);
                    let drawn = diagram(&score.boards[cut - 1], rng.below(6), &caption);
                    let lost = 2 + rng.below(6);
                    for (i, l) in drawn.lines().enumerate() {
                        if i != lost {
                            writeln!(text, "{}", l.replace('+', "-")).unwrap();
                        }
                    }
                }
                1 => writeln!(text, "{}", NOTES[rng.below(NOTES.len())]).unwrap(),
                2 if round % 8 == 2 => {
                    // The column header, printed again at the top of the next page.
                    writeln!(
                        text,
                        "{{{}}}\n\n      WHITE.                    BLACK.",
                        200 + k
                    )
                    .unwrap();
                }
                _ => writeln!(text, "{}", FURNITURE[rng.below(FURNITURE.len())]).unwrap(),
            }
            text.push('\n');
            from = cut;
        }
        score.rows(from, n, &mut text);
        text.push_str("\nAnd wins.\n\nSome prose closes the chapter.\n");
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {round}, {}", print.name),
        );
    }
}

#[test]
fn a_one_move_a_line_table_goes_on_over_page_breaks_after_either_side_s_move() {
    let mut rng = Rng::new(2106);
    for round in 0..20 {
        let print = PRINTS[round % PRINTS.len()];
        // A book of four games, so that its running head comes back page after page; the
        // head's page number may stand far from it, past the width of a line of prose.
        const HEADS: [&str; 3] = [
            "MODERN CHESS GAMES",
            "THE BOOK OF THE HASTINGS TOURNAMENT",
            "CHESS",
        ];
        let head = HEADS[round % HEADS.len()];
        let mut text = format!("{head}\n\n");
        let mut expected = Vec::new();
        let mut page = 100 + 10 * round;
        for g in 0..4 {
            let score = random_score(&mut rng, print);
            let (white, black) = players(round + g);
            write!(
                text,
                "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
                g + 1
            )
            .unwrap();
            let n = score.moves.len();
            // A break may fall after any ply, White's first move included: a page's foot
            // and the next page's head, or an OCR pipeline's mark for what it could not
            // read on a line of its own.
            let mut cuts: Vec<(usize, bool)> = (0..1 + rng.below(3))
                .map(|_| (1 + rng.below(n - 4), rng.below(3) == 0))
                .collect();
            cuts.sort_unstable();
            cuts.dedup_by_key(|c| c.0);
            let mut from = 0;
            for (cut, ocr) in cuts {
                score.single_rows(from, cut, &mut text);
                if ocr {
                    let mark = ["[graphic]", "[merged small]", "[ocr errors]", "[subsumed]"];
                    writeln!(text, "{}", mark[rng.below(mark.len())]).unwrap();
                } else {
                    page += 1;
                    match page % 3 {
                        0 => write!(text, "\n{:>30}\n{page:<40}{head}\n\n", page - 1),
                        1 => write!(text, "\n{head}{page:>40}\n\n"),
                        // A transcriber's page mark.
                        _ => write!(text, "\n[Pg {page}]\n\n{head}\n\n"),
                    }
                    .unwrap();
                }
                from = cut;
            }
            score.single_rows(from, n, &mut text);
            text.push_str("\n    Resigns.\n\n");
            expected.push((score, white, black));
        }
        assert_read_all(&text, &expected, &format!("round {round}, {}", print.name));
    }
}

/// A note's analysis that wraps so that a line opens with a move number or an ellipsis
/// (`… falls into a trap. If 22.` over `... R-B2; 23. Q-Q1, and White wins.`) is the
/// note's, at the note's margin, whatever the move numbers: the table goes on after it.
#[test]
fn a_note_whose_analysis_wraps_onto_a_line_of_moves_stays_a_note() {
    let mut rng = Rng::new(2107);
    const LEADS: [&str; 3] = [
        "Here the second player falls into a well-known trap.",
        "The position is now very interesting, and deserves careful study.",
        "A weak move, which loses time.",
    ];
    for round in 0..60 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len();
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        let cut = 4 + rng.below(n - 8);
        score.rows(0, cut, &mut text);
        // The analysis takes the table's own next moves, numbered as the table numbers
        // them, and is broken before its number or its ellipsis.
        let number = cut / 2 + 1;
        let side = if cut % 2 == 1 { " ..." } else { "" };
        let moves = format!(
            "{} {}; {}. {}, {}, and White wins.",
            side.trim(),
            score.tokens[cut],
            number + 1,
            score.tokens[cut + 1],
            score.tokens[cut + 2]
        );
        let lead = LEADS[rng.below(LEADS.len())];
        let note = match rng.below(3) {
            0 => format!("{lead} If {number}.\n{}", moves.trim_start()),
            1 if cut % 2 == 1 => {
                format!("{lead} If {number}. ...\n{}", score.tokens[cut])
                    + &moves[moves.find(';').unwrap()..]
            }
            _ => format!(
                "{lead} If\n{number}.{side} {}",
                &moves[side.len()..].trim_start()
            ),
        };
        writeln!(text, "\n{note}\n").unwrap();
        score.rows(cut, n, &mut text);
        text.push_str("\nAnd wins.\n\nSome prose closes the chapter.\n");
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {round}, {}", print.name),
        );
    }
}

#[test]
fn a_game_whose_table_goes_on_in_rows_it_does_not_read_is_never_complete() {
    let mut rng = Rng::new(2102);
    for round in 0..12 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len();
        let cut = 2 * (3 + rng.below(n / 2 - 6));
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        score.rows(0, cut, &mut text);
        // A heading of its own over the rest of the table: those rows start from a
        // position the text does not give, so they are not read, and the game is not whole.
        writeln!(text, "\nGAME {}.--Continued.\n", round + 30).unwrap();
        let unread_line = text.lines().count() + 1;
        score.rows(cut, n, &mut text);
        assert_cut_short(&text, cut, unread_line, round);
    }
}

#[test]
fn a_game_goes_on_under_a_title_or_a_rule_after_a_note_s_moves_from_its_next_move() {
    let mut rng = Rng::new(2112);
    const BETWEEN: [&str; 3] = [
        "THE ATTACK ON THE KING.",
        "*       *       *",
        "CHAPTER IX.",
    ];
    for round in 0..30 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len();
        let cut = 6 + rng.below(n - 12);
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        score.rows(0, cut, &mut text);
        // A title or a rule between two rows, a note's moves from the table's next move
        // under it, and then the table's own rows from there.
        let pos = position_after(&score, cut);
        let line = random_play(&mut rng, &pos, 3);
        if line.len() < 3 {
            continue;
        }
        let alt = Score::from(pos, line, print);
        let next = cut / 2 + 2;
        let t = &alt.tokens;
        let moves = if cut.is_multiple_of(2) {
            format!("{}, {}; {next}. {}", t[0], t[1], t[2])
        } else {
            format!("{}; {next}. {}, {}", t[0], t[1], t[2])
        };
        let between = BETWEEN[rng.below(BETWEEN.len())];
        writeln!(text, "\n{between}\n\n{moves}, and White wins.\n").unwrap();
        score.rows(cut, n, &mut text);
        text.push_str("\nAnd wins.\n");
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {round}, {between}, {}", print.name),
        );
    }
}

#[test]
fn a_game_whose_table_goes_on_among_a_later_unit_s_notes_is_never_complete() {
    let mut rng = Rng::new(2113);
    for round in 0..20 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len();
        let cut = 2 * (3 + rng.below(n / 2 - 8));
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        score.rows(0, cut, &mut text);
        // Under a rule, a row from further on opens a unit of its own; the table's rows
        // from where it stopped follow it, read as that unit's analysis. The game is not
        // whole, and says where its table goes on.
        let far = cut + 4 + 2 * rng.below(3);
        text.push_str("\n*       *       *\n\n");
        score.rows(far, far + 2, &mut text);
        text.push('\n');
        let unread_line = text.lines().count() + 1;
        score.rows(cut, n, &mut text);
        assert_cut_short(&text, cut, unread_line, round);
    }
}

/// The first game read from `text` stops after its first `cut` plies, is partial, and
/// says that its table goes on at line `unread_line`.
fn assert_cut_short(text: &str, cut: usize, unread_line: usize, round: usize) {
    let games = default_mode(text);
    let first = &games[0];
    assert_eq!(first.plies.len(), cut, "round {round}:\n{text}");
    assert_eq!(first.status, GameStatus::Partial, "round {round}:\n{text}");
    assert!(
        first.issues.iter().any(|i| i.line == unread_line),
        "round {round}: the warning names line {unread_line}: {:?}\n{text}",
        first.issues
    );
}

/// The position after the first `plies` moves of `score`.
fn position_after(score: &Score, plies: usize) -> Chess {
    let mut pos = Chess::default();
    for &m in &score.moves[..plies] {
        pos.play_unchecked(m);
    }
    pos
}

/// A random legal game of up to `max` plies from `start`.
fn random_play(rng: &mut Rng, start: &Chess, max: usize) -> Vec<Move> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    while moves.len() < max {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

/// The position `fen` gives.
fn position(fen: &str) -> Chess {
    use escriba_resolve::shakmaty::CastlingMode;
    use escriba_resolve::shakmaty::fen::Fen;
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

/// A random legal game of 30 to 59 plies (fewer when it ends) from `start`, printed.
fn random_score_from(rng: &mut Rng, start: &Chess, print: Print) -> Score {
    let max = 30 + rng.below(30);
    let moves = random_play(rng, start, max);
    Score::from(start.clone(), moves, print)
}

/// Odds as books state them: the wording, with {W} and {B} for the players; the FEN it
/// starts from; the giver is named.
const ODDS: [(&str, &str, bool); 7] = [
    (
        "(Remove White's Q. R. from the Board.)",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1",
        true,
    ),
    (
        "Played at odds of Knight. Remove White Queen's Knight.",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
        true,
    ),
    (
        "At the odds of the Pawn and Move. (Remove Black's King's Bishop's Pawn from the Board.)",
        "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        true,
    ),
    (
        "White gives Q Rook.",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1",
        true,
    ),
    (
        "{W} gives {B} the QKt.",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
        true,
    ),
    (
        "Game at the odds of Rook and Knight.",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/2BQKBNR w Kkq - 0 1",
        false,
    ),
    (
        "Played at the odds of the Queen.",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
        false,
    ),
];

#[test]
fn an_odds_game_starts_from_its_position_in_every_wording_and_an_assumed_giver_is_flagged() {
    use escriba_resolve::shakmaty::EnPassantMode;
    use escriba_resolve::shakmaty::fen::Fen;
    let mut rng = Rng::new(2103);
    for round in 0..21 {
        let (wording, fen, named) = ODDS[round % ODDS.len()];
        let print = PRINTS[round % PRINTS.len()];
        let start = position(fen);
        let score = random_score_from(&mut rng, &start, print);
        let (white, black) = players(round);
        let statement = wording.replace("{W}", &white).replace("{B}", &black);
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n{statement}\n\n",
            round + 1
        );
        score.rows(0, score.moves.len(), &mut text);
        text.push_str("\nAnd wins.\n");
        let games = default_mode(&text);
        assert_eq!(games.len(), 1, "{text}");
        let g = &games[0];
        let got: Vec<String> = g.plies.iter().map(|p| p.ply.san.to_string()).collect();
        assert_eq!(got, reference_sans(&start, &score.moves), "{text}");
        assert_eq!(g.status, GameStatus::Complete, "{text}");
        assert_eq!(g.tags.get("SetUp"), Some("1"), "{text}");
        let written = Fen::from_position(&start, EnPassantMode::Legal).to_string();
        assert_eq!(g.tags.get("FEN"), Some(written.as_str()), "{text}");
        assert_eq!(
            g.flagged > 0,
            !named,
            "an assumed giver flags the game: {text}"
        );
    }
}

/// A game with a bare heading (`No. 12.`, `GAME 12.`) or none, and a sentence over its
/// table that says where, between whom and at what odds it was played, coming right after
/// the last game's result and notes: that sentence is the game's header, and its odds,
/// players and place are read.
#[test]
fn the_header_sentences_over_a_table_from_move_1_belong_to_that_game() {
    const PLACES: [&str; 3] = ["London", "Breslau", "Paris"];
    let mut rng = Rng::new(2108);
    for round in 0..24 {
        let print = PRINTS[round % PRINTS.len()];
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..3 {
            let odds = (rng.below(3) > 0).then(|| ODDS[rng.below(ODDS.len())]);
            let start = odds.map_or_else(Chess::default, |(_, fen, _)| position(fen));
            let score = random_score_from(&mut rng, &start, print);
            let (white, black) = players(round + g);
            let place = PLACES[rng.below(PLACES.len())];
            let between = format!(
                "The following game was played at {place}, 18{}, between Messrs. {white} and {black}.",
                40 + rng.below(50)
            );
            // A heading of its own, or none.
            match rng.below(4) {
                0 => writeln!(text, "No. {}.\n", 10 * round + g + 1).unwrap(),
                1 => writeln!(text, "GAME {}.\n", 10 * round + g + 1).unwrap(),
                _ => {}
            }
            let statement = odds.map(|(wording, _, _)| {
                format!(
                    "{}\n",
                    wording.replace("{W}", &white).replace("{B}", &black)
                )
            });
            let statement = statement.as_deref().unwrap_or("");
            match rng.below(3) {
                0 => writeln!(text, "{statement}{between}\n").unwrap(),
                1 => writeln!(text, "{between}\n{statement}").unwrap(),
                // The event in a sentence that ends on its year, the players' names side by
                // side under it, and the odds under them.
                _ => writeln!(
                    text,
                    "Game played at {place}, {} 18{}.\n   {white}.        {black}.\n{statement}",
                    ["March 3,", "in", "September 25,"][rng.below(3)],
                    40 + rng.below(50)
                )
                .unwrap(),
            }
            // The page may turn between the header and the table.
            match rng.below(4) {
                0 => writeln!(text, "{{{}}}\n", 100 + round).unwrap(),
                1 => writeln!(text, "{:>40}\n", 100 + round).unwrap(),
                _ => {}
            }
            score.rows(0, score.moves.len(), &mut text);
            writeln!(text, "\nAnd wins.\n\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((start, score, white, black, place, odds.map(|o| o.1)));
        }
        let games: Vec<GameResult> = default_mode(&text)
            .into_iter()
            .filter(|r| !r.plies.is_empty())
            .collect();
        assert_eq!(games.len(), expected.len(), "round {round}:\n{text}");
        for (r, (start, score, white, black, place, fen)) in games.iter().zip(&expected) {
            let got: Vec<String> = r.plies.iter().map(|p| p.ply.san.to_string()).collect();
            assert_eq!(
                got,
                reference_sans(start, &score.moves),
                "round {round}:\n{text}"
            );
            assert_eq!(r.status, GameStatus::Complete, "round {round}:\n{text}");
            assert_eq!(r.tags.get("FEN"), *fen, "round {round}:\n{text}");
            assert_eq!(
                r.tags.get("White"),
                Some(white.as_str()),
                "round {round}:\n{text}"
            );
            assert_eq!(
                r.tags.get("Black"),
                Some(black.as_str()),
                "round {round}:\n{text}"
            );
            assert_eq!(r.tags.get("Site"), Some(*place), "round {round}:\n{text}");
        }
    }
}

/// The layouts of digitized text that repeat the move numbers (issue 21 §3), each the
/// same (number, side, move) triples in another order.
#[derive(Clone, Copy, Debug)]
enum Order {
    /// White's whole column, then Black's.
    ColumnsInTurn,
    /// Black's move *n* and White's *n + 1* on one line (a two-column page read across).
    Staggered,
    /// Both columns run into one paragraph: `1. W 1. B 2. W 2. B …`, wrapped.
    Paragraph,
}

fn render(score: &Score, order: Order, rng: &mut Rng, out: &mut String) {
    let n = score.tokens.len();
    let label = |p: usize| format!("{}.", p / 2 + 1);
    match order {
        Order::ColumnsInTurn => {
            for p in (0..n).step_by(2) {
                writeln!(out, "{} {}", label(p), score.tokens[p]).unwrap();
            }
            out.push('\n');
            for p in (1..n).step_by(2) {
                writeln!(out, "{} {}", label(p), score.tokens[p]).unwrap();
            }
        }
        Order::Staggered => {
            writeln!(out, "{} {}", label(0), score.tokens[0]).unwrap();
            for p in (1..n).step_by(2) {
                let mut line = format!("{} {}", label(p), score.tokens[p]);
                if p + 1 < n {
                    let gap = 34usize.saturating_sub(line.chars().count()).max(4);
                    write!(line, "{:gap$}{} {}", "", label(p + 1), score.tokens[p + 1]).unwrap();
                }
                writeln!(out, "{line}").unwrap();
                if rng.below(3) == 0 {
                    out.push('\n');
                }
            }
        }
        Order::Paragraph => {
            let mut line = String::new();
            for p in 0..n {
                let word = format!("{} {}", label(p), score.tokens[p]);
                if !line.is_empty() && line.chars().count() + word.chars().count() > 72 {
                    writeln!(out, "{}", line.trim_end()).unwrap();
                    line.clear();
                }
                line.push_str(&word);
                line.push(' ');
            }
            writeln!(out, "{}", line.trim_end()).unwrap();
        }
    }
}

#[test]
fn tables_printed_in_another_order_are_read_by_their_move_numbers() {
    let mut rng = Rng::new(2104);
    for round in 0..60 {
        let order = [Order::ColumnsInTurn, Order::Staggered, Order::Paragraph][round % 3];
        let print = PRINTS[(round / 3) % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let mut text = format!("GAME {}.\n\n", round + 1);
        if matches!(order, Order::Paragraph) && round % 2 == 0 {
            // A web copy: the column header runs on into the moves.
            let mut body = String::new();
            render(&score, order, &mut rng, &mut body);
            write!(text, "WHITE. ({white}.)  BLACK. ({black}.) {body}").unwrap();
        } else {
            writeln!(text, "White: {white}.   Black: {black}.\n").unwrap();
            render(&score, order, &mut rng, &mut text);
        }
        text.push_str("\nThe game was given up as drawn.\n\nGAME 99.\n\nSome prose.\n");
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {round}, {order:?}, {}", print.name),
        );
    }
}

/// Issue 22, case 2: plain SAN with no move numbers, on one line or wrapped, is a game,
/// not prose.
#[test]
fn plain_san_without_move_numbers_is_read_whole_on_one_line_or_wrapped() {
    let mut rng = Rng::new(2201);
    for round in 0..10 {
        let moves = loop {
            let m = random_game(&mut rng, 200);
            if m.len() >= 120 {
                break m;
            }
        };
        let sans = reference_sans(&Chess::default(), &moves);
        let line = sans.join(" ");
        let text = if round % 2 == 0 {
            format!("{line}\n")
        } else {
            let mut out = String::new();
            let mut width = 0;
            for s in &sans {
                if width + s.len() > 78 {
                    out.push('\n');
                    width = 0;
                } else if width > 0 {
                    out.push(' ');
                    width += 1;
                }
                out.push_str(s);
                width += s.len();
            }
            out + "\n"
        };
        let games = default_mode(&text);
        assert_eq!(games.len(), 1, "round {round}");
        let got: Vec<String> = games[0]
            .plies
            .iter()
            .map(|p| p.ply.san.to_string())
            .collect();
        assert_eq!(got, sans, "round {round}");
        assert_eq!(games[0].status, GameStatus::Complete, "round {round}");
    }
}

/// Issue 22, case 1: a damaged word in a game's last row makes the row prose: the game is
/// then not complete (or the row is read, repaired). Never complete and shorter.
#[test]
fn a_last_row_damaged_into_prose_never_leaves_its_game_complete_and_shorter() {
    let mut rng = Rng::new(2202);
    for round in 0..25 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len() & !1;
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        score.rows(0, n - 2, &mut text);
        // The last pair, its Black move damaged by words OCR made of it.
        writeln!(
            text,
            "{:>3}. {}    {} tu the K's {}",
            n / 2,
            score.tokens[n - 2],
            score.tokens[n - 1],
            ["sqare", "2d.", "hiss"][round % 3]
        )
        .unwrap();
        text.push_str("\nThe rest of the chapter is prose, as books have it.\n");
        let games = default_mode(&text);
        let g = &games[0];
        let read = g.plies.len();
        assert!(
            g.status != GameStatus::Complete || read >= n - 1,
            "round {round}: complete with {read} of {n} plies:\n{text}"
        );
    }
}

/// The last line of a table, turned over to the next page, is the table's: Black's last
/// move alone (`K R - B 1`, `Q(KN8)-KB8 ch`) under a page's foot and head, after a
/// paragraph numbered by White's moves or a staggered table (`B   N. W` rows). It used to
/// be a note, and the game was called complete one move short.
#[test]
fn the_last_line_of_a_table_goes_on_over_a_page_break() {
    let mut rng = Rng::new(2109);
    for round in 0..40 {
        let print = PRINTS[round % PRINTS.len()];
        let mut score = random_score(&mut rng, print);
        // A game that ends on Black's move, so that its last line holds no number.
        if score.moves.len() % 2 == 1 {
            score = Score::new(score.moves[..score.moves.len() - 1].to_vec(), print);
        }
        let n = score.tokens.len();
        let (white, black) = players(round);
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        let mut lines: Vec<String> = Vec::new();
        if round % 2 == 0 {
            let mut line = String::new();
            for p in 0..n - 1 {
                let word = match p % 2 {
                    0 => format!("{}. {}", p / 2 + 1, score.tokens[p]),
                    _ => score.tokens[p].clone(),
                };
                if !line.is_empty() && line.chars().count() + word.chars().count() > 64 {
                    lines.push(std::mem::take(&mut line));
                }
                line.push_str(&word);
                line.push(' ');
            }
            lines.push(line.trim_end().to_owned());
        } else {
            // White's first move at the margin, then the rows indented under it.
            lines.push(format!("1. {}", score.tokens[0]));
            let w = 3 + score
                .tokens
                .iter()
                .map(|t| t.chars().count())
                .max()
                .unwrap_or(0);
            for p in (1..n - 1).step_by(2) {
                lines.push(format!(
                    "    {:<w$}{}. {}",
                    score.tokens[p],
                    p / 2 + 2,
                    score.tokens[p + 1]
                ));
            }
        }
        for l in &lines {
            writeln!(text, "    {}", l.trim_end()).unwrap();
        }
        match round % 4 {
            0 | 1 => write!(text, "\n{:>30}\n\n", 200 + round).unwrap(),
            _ => write!(text, "\n[Pg {}]\n\n", 200 + round).unwrap(),
        }
        let margin = if round % 2 == 0 { 4 } else { 8 };
        writeln!(
            text,
            "{:margin$}{}\n\nSome prose closes the chapter.",
            "",
            score.tokens[n - 1]
        )
        .unwrap();
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {round}, {}", print.name),
        );
    }
}

/// A random player as books print one: a title or none, given names or initials or none,
/// and a made-up surname (so that no list of names is all the reader sees).
fn random_player(rng: &mut Rng) -> (String, String) {
    const TITLES: [&str; 7] = ["", "Mr.", "Herr", "M.", "Rev.", "Capt.", "Dr."];
    const ON: [&str; 10] = ["B", "D", "G", "H", "L", "M", "P", "R", "St", "Z"];
    const V: [&str; 5] = ["a", "e", "i", "o", "u"];
    const END: [&str; 6] = ["rnell", "ckmann", "nford", "sson", "ller", "witz"];
    let surname = format!(
        "{}{}{}",
        ON[rng.below(ON.len())],
        V[rng.below(V.len())],
        END[rng.below(END.len())]
    );
    let letter = |rng: &mut Rng| char::from(b'A' + rng.below(26) as u8);
    let given = match rng.below(3) {
        0 => String::new(),
        1 => format!("{}. ", letter(rng)),
        _ => format!("{}. {}. ", letter(rng), letter(rng)),
    };
    let title = TITLES[rng.below(TITLES.len())];
    let full = format!("{title} {given}{surname}").trim().to_owned();
    let initial = surname.chars().next().unwrap();
    let short = format!("{title} {initial}.").trim().to_owned();
    (full, short)
}

#[test]
fn a_column_header_s_initials_take_the_heading_s_full_names_by_title_and_initial() {
    let mut rng = Rng::new(2121);
    for round in 0..60 {
        let print = PRINTS[round % 4];
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..2 {
            let score = random_score(&mut rng, print);
            let (white, w) = random_player(&mut rng);
            let (black, b) = random_player(&mut rng);
            writeln!(
                text,
                "GAME {}.—Between {white} and {black}.\n",
                2 * round + g + 1
            )
            .unwrap();
            // Two players of one title and one initial are told apart by the heading's
            // order only: White is named first.
            if rng.below(2) == 0 {
                writeln!(text, "     WHITE. ({w})          BLACK. ({b})\n").unwrap();
                score.rows(0, score.moves.len(), &mut text);
            } else {
                // The header words on the line of the first moves.
                let mut rows = String::new();
                score.rows(0, score.moves.len(), &mut rows);
                write!(text, "WHITE. ({w}) BLACK. ({b}) {}", rows.trim_start()).unwrap();
            }
            text.push_str("\nAnd wins.\n\nSome prose closes the game.\n\n");
            expected.push((score, white, black));
        }
        assert_read_all(&text, &expected, &format!("round {round}, {}", print.name));
    }
}

#[test]
fn a_header_over_page_furniture_after_the_last_game_s_notes_names_the_next_game_s_players() {
    let mut rng = Rng::new(2122);
    for round in 0..40 {
        let print = PRINTS[round % PRINTS.len()];
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..3 {
            let score = random_score(&mut rng, print);
            let (white, black) = (random_player(&mut rng).0, random_player(&mut rng).0);
            // No heading: the last game's notes, then the header.
            match if print.name == "spanish" { 4 } else { rng.below(5) } {
                // The sentences over a bare column header.
                3 => writeln!(
                    text,
                    "The following game was played between {white} and {black}.\n\
                     Played in the match at Berlin, 14th May, 18{}.\n\n       \
                     WHITE.                        BLACK.",
                    40 + rng.below(50)
                )
                .unwrap(),
                4 => writeln!(
                    text,
                    "Partida jugada entre los señores {white} y {black}, {} de marzo de 18{}.",
                    1 + rng.below(28),
                    40 + rng.below(50)
                )
                .unwrap(),
                0 => writeln!(text, "Played between {white} and {black}.").unwrap(),
                1 => writeln!(
                    text,
                    "Game played in the Masters' Tournament, 18{}.\nWhite: {white}.  Black: {black}.",
                    40 + rng.below(50)
                )
                .unwrap(),
                2 => writeln!(
                    text,
                    "Game played in the Masters' Tournament, 18{}.\n  WHITE. ({white}.)    BLACK. ({black}.)",
                    40 + rng.below(50)
                )
                .unwrap(),
                _ => writeln!(
                    text,
                    "The following game was played between {white} and {black}."
                )
                .unwrap(),
            }
            // Blank lines and a page break (its number, a running head set off by a wide
            // gap) between the header and the table.
            let page = 200 + 2 * (3 * round + g);
            for _ in 0..1 + rng.below(2) {
                text.push('\n');
            }
            match rng.below(3) {
                0 => writeln!(text, "{{{page}}}\n").unwrap(),
                1 => writeln!(
                    text,
                    "{:>30}\n{page:<40}THE BOOK OF THE GREAT TOURNAMENT\n",
                    page - 1
                )
                .unwrap(),
                _ => writeln!(text, "{page:<44}THE BOOK OF THE GREAT TOURNAMENT\n").unwrap(),
            }
            score.rows(0, score.moves.len(), &mut text);
            writeln!(text, "\nAnd wins.\n\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((score, white, black));
        }
        // The running head comes back on every page.
        for k in 0..3 {
            writeln!(text, "{:<44}THE BOOK OF THE GREAT TOURNAMENT\n", 900 + k).unwrap();
        }
        assert_read_all(&text, &expected, &format!("round {round}, {}", print.name));
    }
}

#[test]
fn a_game_s_header_never_lends_its_names_to_the_next_game_s_table() {
    let mut rng = Rng::new(2123);
    for round in 0..30 {
        let print = PRINTS[round % PRINTS.len()];
        let (first, second) = (random_score(&mut rng, print), random_score(&mut rng, print));
        let names: Vec<String> = (0..4).map(|_| random_player(&mut rng).0).collect();
        let mut text = format!(
            "{}.\n\n  WHITE. ({}.)    BLACK. ({}.)\n",
            2 * round + 1,
            names[0],
            names[1]
        );
        // The first game's moves one token a line and unnumbered, as a flattened web copy
        // prints them (no table this reader takes), then a note.
        for t in &first.tokens[..2 + rng.below(6)] {
            writeln!(text, " {t}").unwrap();
        }
        writeln!(text, "{}", NOTES[rng.below(3)]).unwrap();
        writeln!(text, "  WHITE. ({}.)    BLACK. ({}.)\n", names[2], names[3]).unwrap();
        second.rows(0, second.moves.len(), &mut text);
        text.push_str("\nAnd wins.\n");
        let want = reference_sans(&Chess::default(), &second.moves);
        let games = default_mode(&text);
        let got = games
            .iter()
            .find(|r| {
                r.plies
                    .iter()
                    .map(|p| p.ply.san.to_string())
                    .eq(want.iter().cloned())
            })
            .unwrap_or_else(|| panic!("round {round}: the second game is not read whole:\n{text}"));
        assert_eq!(
            (got.tags.get("White"), got.tags.get("Black")),
            (Some(names[2].as_str()), Some(names[3].as_str())),
            "round {round}, {}:\n{text}",
            print.name
        );
    }
}

/// A heading over a game, in the forms books print: `GAME 12.`, `No. 12.`, or the number
/// alone on its line (`12.`), which a table printed one token a line also opens with.
fn heading(rng: &mut Rng, n: usize) -> String {
    match rng.below(3) {
        0 => format!("GAME {n}."),
        1 => format!("No. {n}."),
        _ => format!("{n}."),
    }
}

/// One token a line for the plies `from..to`: the move number alone (`7.`), White's
/// move, Black's move, at `indent`; a run that starts with Black's move opens with `7. ...`
/// when `resumed` (after a note), and without it after a page break.
fn token_rows(
    score: &Score,
    from: usize,
    to: usize,
    indent: usize,
    resumed: bool,
    out: &mut String,
) {
    for p in from..to {
        if p % 2 == 0 {
            writeln!(out, "{:indent$}{}.", "", p / 2 + 1).unwrap();
        } else if p == from && resumed {
            writeln!(out, "{:indent$}{}. ...", "", p / 2 + 1).unwrap();
        }
        writeln!(out, "{:indent$}{}", "", score.tokens[p]).unwrap();
    }
}

#[test]
fn a_table_printed_one_token_a_line_is_read_whole_over_notes_diagrams_and_page_marks() {
    let mut rng = Rng::new(2110);
    for round in 0..30 {
        let print = PRINTS[round % PRINTS.len()];
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..2 + rng.below(2) {
            let score = random_score(&mut rng, print);
            let (white, black) = players(round + g);
            let title = heading(&mut rng, 10 * round + g + 1);
            writeln!(text, "{title}\n\nWhite: {white}.   Black: {black}.\n").unwrap();
            let indent = rng.below(9);
            let n = score.moves.len();
            let mut cuts: Vec<usize> = (0..rng.below(4)).map(|_| 3 + rng.below(n - 6)).collect();
            cuts.sort_unstable();
            cuts.dedup();
            let (mut from, mut resumed) = (0, true);
            for cut in cuts {
                token_rows(&score, from, cut, indent, resumed, &mut text);
                resumed = true;
                match rng.below(3) {
                    0 => writeln!(text, "\n{}\n", NOTES[rng.below(NOTES.len())]).unwrap(),
                    1 => {
                        let caption = format!("Diag. {}.", 100 + round);
                        text.push('\n');
                        text.push_str(&diagram(&score.boards[cut - 1], rng.below(5), &caption));
                        text.push('\n');
                    }
                    _ => {
                        writeln!(text, "{}", FURNITURE[rng.below(FURNITURE.len())]).unwrap();
                        resumed = rng.below(2) == 0;
                    }
                }
                from = cut;
            }
            token_rows(&score, from, n, indent, resumed, &mut text);
            if rng.below(2) == 0 {
                writeln!(text, "{:indent$}Resigns.", "").unwrap();
            }
            writeln!(text, "\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((score, white, black));
        }
        assert_read_all(&text, &expected, &format!("round {round}, {}", print.name));
    }
}

#[test]
fn whites_whole_column_then_blacks_under_their_column_words_is_one_game() {
    let mut rng = Rng::new(2111);
    for round in 0..30 {
        let print = PRINTS[round % PRINTS.len()];
        let words = if print.name == "spanish" {
            ("BLANCAS.", "NEGRAS.")
        } else {
            ("WHITE.", "BLACK.")
        };
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..2 + rng.below(2) {
            let score = random_score(&mut rng, print);
            let (white, black) = players(round + g);
            let title = heading(&mut rng, 10 * round + g + 1);
            writeln!(text, "{title}\n\nWhite: {white}.   Black: {black}.\n").unwrap();
            let indent = " ".repeat(rng.below(9));
            let period = rng.below(6) > 0;
            let n = score.moves.len();
            // A mark or a page break somewhere in either column, a page's head among them.
            let marks: Vec<usize> = (0..rng.below(3)).map(|_| 2 + rng.below(n - 4)).collect();
            for side in 0..2 {
                let word = if side == 0 { words.0 } else { words.1 };
                if rng.below(4) > 0 {
                    writeln!(text, "{indent}      {word}").unwrap();
                }
                for p in (side..n).step_by(2) {
                    let number = format!("{}{}", p / 2 + 1, if period { "." } else { "" });
                    writeln!(text, "{indent}{number:>3} {}", score.tokens[p]).unwrap();
                    if side == 0 && marks.contains(&p) && rng.below(3) == 0 {
                        // A page's head in White's column: a title in capitals and the
                        // page's number, which one page alone does not show to be furniture
                        // (in Black's column it still cuts the game: flagged, not read).
                        writeln!(text, "\n{:<44}{}\n", "THE BOOK OF THE TOURNAMENT", 200 + p)
                            .unwrap();
                    } else if marks.contains(&p) {
                        writeln!(text, "{}", FURNITURE[rng.below(FURNITURE.len())]).unwrap();
                    }
                }
                text.push('\n');
            }
            writeln!(text, "{indent}    And wins.\n\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((score, white, black));
        }
        assert_read_all(&text, &expected, &format!("round {round}, {}", print.name));
    }
}

/// A header printed a player a line (`White: X.` over `Black: Y.`) under a note's paragraph
/// and an event sentence opens the next game: the White line is no last line of the note
/// (which left the Black line to open a game read with its columns swapped, every move
/// mirrored and the game complete).
#[test]
fn a_player_a_line_under_a_note_opens_the_next_game_with_both_names() {
    let mut rng = Rng::new(2112);
    for round in 0..20 {
        let print = PRINTS[round % PRINTS.len()];
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..3 {
            let score = random_score(&mut rng, print);
            let (white, black) = players(round + g);
            writeln!(
                text,
                "Game played in the Masters' Tournament, 18{}.\nWhite: {white}.\nBlack: {black}.\n",
                50 + rng.below(40)
            )
            .unwrap();
            score.rows(0, score.moves.len(), &mut text);
            writeln!(text, "\n    And wins.\n\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((score, white, black));
        }
        assert_read_all(&text, &expected, &format!("round {round}, {}", print.name));
    }
}

/// A game's heading printed as its number alone (`100.`) between blank lines opens the
/// game, so that the header lines under it (the event, the odds) are its own even when
/// the game before ends with no result and a page mark stands before the table.
#[test]
fn a_number_alone_over_a_header_is_the_game_s_heading_and_the_odds_under_it_are_its() {
    let mut rng = Rng::new(2113);
    for round in 0..20 {
        let print = PRINTS[round % PRINTS.len()];
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..3 {
            let (wording, fen, _) = ODDS[rng.below(ODDS.len())];
            let start = position(fen);
            let score = random_score_from(&mut rng, &start, print);
            let (white, black) = players(round + g);
            let statement = wording.replace("{W}", &white).replace("{B}", &black);
            writeln!(
                text,
                "{}.\n\nPlayed in the match at Vienna, 18{}.\n{statement}\n\n{}\n",
                10 * round + g + 1,
                50 + rng.below(40),
                FURNITURE[rng.below(FURNITURE.len())]
            )
            .unwrap();
            if rng.below(2) == 0 {
                token_rows(&score, 0, score.moves.len(), 4, true, &mut text);
            } else {
                score.rows(0, score.moves.len(), &mut text);
            }
            writeln!(text, "\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((start, score, fen));
        }
        assert_odds_games(&text, &expected, round);
    }
}

/// An odds sentence names the giver in full (`Capt. Wondmann gives Mr. Englisch the QR.`)
/// over a column header of initials (`WHITE. (Capt. W.)  BLACK. (Mr. E.)`): the men come
/// off the giver's side, White's or Black's, as the heading's names say who is who.
#[test]
fn the_odds_giver_named_in_full_over_a_column_of_initials_gives_from_that_side() {
    // (what is given, the start when White gives it, when Black does)
    const GIVEN: [(&str, &str, &str); 3] = [
        (
            "the QR",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1",
            "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1",
        ),
        (
            "the QKt",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
            "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "the Queen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
    ];
    let mut rng = Rng::new(2123);
    for round in 0..40 {
        let print = PRINTS[round % PRINTS.len()];
        let (white, w) = random_player(&mut rng);
        let (black, b) = random_player(&mut rng);
        let (given, by_white, by_black) = GIVEN[rng.below(GIVEN.len())];
        let white_gives = rng.below(2) == 0;
        let fen = if white_gives { by_white } else { by_black };
        let start = position(fen);
        let score = random_score_from(&mut rng, &start, print);
        let (giver, taker) = if white_gives {
            (&white, &black)
        } else {
            (&black, &white)
        };
        let mut text = format!(
            "No. {}.--Between {white} and {black}.\n\nPlayed at Paris in 18{}.\n     \
             WHITE. ({w})          BLACK. ({b})\n{giver} gives {taker} {given}.\n\n",
            round + 1,
            40 + rng.below(50)
        );
        score.rows(0, score.moves.len(), &mut text);
        text.push_str("\nAnd wins.\n");
        let games: Vec<GameResult> = default_mode(&text)
            .into_iter()
            .filter(|r| !r.plies.is_empty())
            .collect();
        assert_eq!(games.len(), 1, "round {round}:\n{text}");
        let r = &games[0];
        assert_eq!(r.tags.get("FEN"), Some(fen), "round {round}:\n{text}");
        let got: Vec<String> = r.plies.iter().map(|p| p.ply.san.to_string()).collect();
        assert_eq!(
            got,
            reference_sans(&start, &score.moves),
            "round {round}:\n{text}"
        );
        assert_eq!(r.status, GameStatus::Complete, "round {round}:\n{text}");
    }
}

/// The table's plies `from..to` printed in `layout`: two columns, one move a line, one
/// token a line, or a paragraph. A run that starts with Black's move opens with its move
/// number and an ellipsis, as books print it after a note.
fn rows_in(score: &Score, layout: usize, from: usize, to: usize, out: &mut String) {
    match layout {
        0 => score.rows(from, to, out),
        1 => {
            let mut p = from;
            if p % 2 == 1 {
                writeln!(out, "{:>8}. ... {}", p / 2 + 1, score.tokens[p]).unwrap();
                p += 1;
            }
            score.single_rows(p, to, out);
        }
        2 => token_rows(score, from, to, 2, true, out),
        _ => {
            let mut line = String::new();
            for p in from..to {
                let word = match p % 2 {
                    0 => format!("{}. {}", p / 2 + 1, score.tokens[p]),
                    _ if p == from => format!("{}... {}", p / 2 + 1, score.tokens[p]),
                    _ => score.tokens[p].clone(),
                };
                if !line.is_empty() && line.chars().count() + word.chars().count() > 70 {
                    writeln!(out, "{}", line.trim_end()).unwrap();
                    line.clear();
                }
                line.push_str(&word);
                line.push(' ');
            }
            writeln!(out, "{}", line.trim_end()).unwrap();
        }
    }
}

#[test]
fn a_note_s_analysis_from_the_table_s_next_move_is_never_read_as_the_table() {
    let mut rng = Rng::new(2111);
    const LEADS: [&str; 3] = ["Good.", "Best.", "The only move to save the piece."];
    const BREAKS: [&str; 4] = [
        "{212}",
        "                                   212",
        "212                                     THE BOOK OF THE TOURNAMENT",
        "[merged small]",
    ];
    const LAYOUTS: [&str; 4] = [
        "two columns",
        "one move a line",
        "one token a line",
        "paragraph",
    ];
    for round in 0..80 {
        let print = PRINTS[round % PRINTS.len()];
        let layout = (round / PRINTS.len()) % LAYOUTS.len();
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len();
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        let mut cuts: Vec<usize> = (0..1 + rng.below(3))
            .map(|_| 4 + rng.below(n - 10))
            .collect();
        cuts.sort_unstable();
        cuts.dedup();
        let mut from = 0;
        for cut in cuts {
            rows_in(&score, layout, from, cut, &mut text);
            from = cut;
            // The analysis: three other legal moves from the position at the cut, numbered
            // from the table's next move, as a note prints them.
            let pos = position_after(&score, cut);
            let line = random_play(&mut rng, &pos, 3);
            if line.len() < 3 {
                text.push_str("\nA strong move.\n\n");
                continue;
            }
            let alt = Score::from(pos, line, print);
            let number = cut / 2 + 1;
            // The note's sentence ends with its moves, or runs on to the next line.
            let wins = match rng.below(2) {
                0 => ", and White wins.",
                _ => ",\nand White wins. Black had nothing better.",
            };
            let (head, first, rest) = if cut.is_multiple_of(2) {
                (
                    format!("{number}."),
                    format!("{}, {};", alt.tokens[0], alt.tokens[1]),
                    format!("{}. {}{wins}", number + 1, alt.tokens[2]),
                )
            } else {
                (
                    format!("{number}. ..."),
                    format!("{};", alt.tokens[0]),
                    format!("{}. {}, {}{wins}", number + 1, alt.tokens[1], alt.tokens[2]),
                )
            };
            let lead = LEADS[rng.below(LEADS.len())];
            let page = BREAKS[rng.below(BREAKS.len())];
            let note = match rng.below(3) {
                // On one line, after the note's words.
                0 => format!("{lead} If {head} {first} {rest}"),
                // Broken over a page after its move number.
                1 => format!("{lead} If {head}\n\n{page}\n\n{first} {rest}"),
                // Its last line turned over to the next page.
                _ => format!("{lead} If {head} {first}\n\n{page}\n\n{rest}"),
            };
            writeln!(text, "\n{note}\n").unwrap();
        }
        rows_in(&score, layout, from, n, &mut text);
        text.push_str("\nAnd wins.\n\nSome prose closes the chapter.\n");
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {round}, {}, {}", LAYOUTS[layout], print.name),
        );
    }
}

#[test]
fn a_promotion_s_words_after_a_comma_leave_a_staggered_row_in_the_table() {
    let mut rng = Rng::new(2114);
    let print = PRINTS[3];
    let mut rounds = 0;
    while rounds < 20 {
        // A random game in which Black promotes, with a White move after it.
        let moves = random_game(&mut rng, 160);
        let Some(p) =
            (24..moves.len().saturating_sub(1)).find(|&p| p % 2 == 1 && moves[p].is_promotion())
        else {
            continue;
        };
        rounds += 1;
        let score = Score::new(moves, print);
        let (white, black) = players(rounds);
        let n = score.moves.len();
        let mut text = format!("GAME {rounds}.\n\nWhite: {white}.   Black: {black}.\n\n");
        // Black's move under White's, White's next beside it; a note before Black's
        // promotion, and the table resumed on a row that opens with it (`38. ... P. takes
        // R, becoming a Rook.   39. P. to B's 5th.`).
        let staggered = |from: usize, to: usize, out: &mut String| {
            for q in (from..to).step_by(2) {
                let black_move = &score.tokens[q];
                let lead = if q == from {
                    format!("{}. ... {black_move}", q / 2 + 1)
                } else {
                    format!("    {black_move}")
                };
                match score.tokens.get(q + 1).filter(|_| q + 1 < to) {
                    Some(w) => {
                        let gap = 36usize.saturating_sub(lead.chars().count()).max(4);
                        writeln!(out, "{lead}{:gap$}{}. {w}", "", q / 2 + 2).unwrap();
                    }
                    None => writeln!(out, "{lead}").unwrap(),
                }
            }
        };
        writeln!(text, "1. {}", score.tokens[0]).unwrap();
        staggered(1, p, &mut text);
        text.push_str("\nA very fine conception, the consequences of which are far reaching.\n\n");
        staggered(p, n, &mut text);
        text.push_str("\nAnd wins.\n");
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {rounds}"),
        );
    }
}

// ---- Headers that reach (issue 21, stop P4): a header whose lines stand apart over page
// furniture, an event line or a names line still names its game's players and odds. ----

/// The furniture a page turn or a digitizer leaves between a game's header lines: the
/// book's running head with its page number (on either side), a page mark, a digitizer's
/// mark.
fn header_furniture(rng: &mut Rng, page: usize) -> String {
    match rng.below(4) {
        0 => format!("{:<50}{page}", RUNNING_HEAD),
        1 => format!("{page:<40}{RUNNING_HEAD}"),
        2 => "[merged small]".to_owned(),
        _ => format!("{{{page}}}"),
    }
}

/// The running head of the books of these tests, which comes back on every page.
const RUNNING_HEAD: &str = "MODERN CHESS PRAXIS";

/// The book's last pages: its running head comes back on each.
fn last_pages(text: &mut String) {
    for k in 0..3 {
        writeln!(text, "{:<44}{RUNNING_HEAD}\n", 900 + k).unwrap();
    }
}

/// An event line as books print it under the players (`Game played in the Masters'
/// Tournament, 13th January, 1762.`, `(11th May, 1840.)`, `Jugada en Madrid, 1875.`).
fn header_event(rng: &mut Rng, spanish: bool) -> String {
    let year = 1750 + rng.below(170);
    if spanish {
        return match rng.below(2) {
            0 => format!("Jugada en St. Petersburg, {year}."),
            _ => format!("(Madrid, {year}.)"),
        };
    }
    match rng.below(4) {
        0 => format!(
            "Game played in the Masters' Tournament, {}th January, {year}.",
            4 + rng.below(20)
        ),
        1 => format!("({}th May, {year}.)", 4 + rng.below(20)),
        2 => format!(
            "Played in the match at Hastings, June {}, {year}.",
            1 + rng.below(28)
        ),
        _ => format!("Played at London in {year}."),
    }
}

/// A name without the title [`random_player`] may give it (`Messrs.` stands for both).
fn untitled(full: &str) -> String {
    ["Mr. ", "Herr ", "M. ", "Rev. ", "Capt. ", "Dr. "]
        .iter()
        .find_map(|t| full.strip_prefix(t))
        .unwrap_or(full)
        .to_owned()
}

/// White's whole column under its word, then Black's under its own.
fn columns_in_turn(score: &Score, words: (&str, &str), out: &mut String) {
    for (side, word) in [words.0, words.1].into_iter().enumerate() {
        writeln!(out, "      {word}").unwrap();
        for p in (side..score.tokens.len()).step_by(2) {
            writeln!(out, "{:>3}. {}", p / 2 + 1, score.tokens[p]).unwrap();
        }
        out.push('\n');
    }
}

/// A sentence `between X and Y` (English or Spanish) over the table, then, each between
/// blank lines and in any order, a page's running head (or a digitizer's mark) and an event
/// line: the sentence names the game's players, whatever stands between it and the table,
/// and whether the table is printed in two columns or White's column whole then Black's.
#[test]
fn a_between_sentence_over_page_furniture_and_an_event_line_names_the_game_s_players() {
    let mut rng = Rng::new(2141);
    for round in 0..40 {
        let print = PRINTS[round % PRINTS.len()];
        let spanish = print.name == "spanish";
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..3 {
            let score = random_score(&mut rng, print);
            let white = untitled(&random_player(&mut rng).0);
            let black = untitled(&random_player(&mut rng).0);
            let year = 1750 + rng.below(170);
            let between = if spanish {
                format!(
                    "Partida jugada entre los señores {white} y {black}, {} de mayo de {year}.",
                    1 + rng.below(28)
                )
            } else {
                match rng.below(3) {
                    0 => format!("Played between Messrs. {white} and {black}."),
                    1 => format!("Game played between Messrs. {white} and {black}, {year}."),
                    _ => format!(
                        "The following game was played between Messrs. {white} and {black}."
                    ),
                }
            };
            writeln!(text, "{between}\n").unwrap();
            let page = 100 + 2 * (3 * round + g);
            let mut between_lines = vec![header_furniture(&mut rng, page)];
            if rng.below(3) > 0 {
                between_lines.push(header_event(&mut rng, spanish));
            }
            if rng.below(2) == 0 {
                between_lines.reverse();
            }
            for l in between_lines {
                writeln!(text, "{l}\n").unwrap();
            }
            if rng.below(2) == 0 {
                score.rows(0, score.moves.len(), &mut text);
            } else if spanish {
                columns_in_turn(&score, ("BLANCAS.", "NEGRAS."), &mut text);
            } else {
                columns_in_turn(&score, ("WHITE.", "BLACK."), &mut text);
            }
            writeln!(text, "\nAnd wins.\n\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((score, white, black));
        }
        last_pages(&mut text);
        assert_read_all(&text, &expected, &format!("round {round}, {}", print.name));
    }
}

/// The games read from `text` are `expected` (start, moves, the FEN of the start), each
/// whole from its position.
fn assert_odds_games(text: &str, expected: &[(Chess, Score, &str)], round: usize) {
    let games: Vec<GameResult> = default_mode(text)
        .into_iter()
        .filter(|r| !r.plies.is_empty())
        .collect();
    assert_eq!(games.len(), expected.len(), "round {round}:\n{text}");
    for (r, (start, score, fen)) in games.iter().zip(expected) {
        let got: Vec<String> = r.plies.iter().map(|p| p.ply.san.to_string()).collect();
        assert_eq!(
            got,
            reference_sans(start, &score.moves),
            "round {round}:\n{text}"
        );
        assert_eq!(r.tags.get("FEN"), Some(*fen), "round {round}:\n{text}");
    }
}

/// Odds each wording names the giver of, by side or by name ({W}, {B}), and the start.
const ODDS_NAMED: [(&str, &str); 6] = [
    (
        "White gives Q Knight.",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
    ),
    (
        "White gives the Queen.",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
    ),
    (
        "{B} gives {W} the Pawn and Move.",
        "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "{W} gives {B} the QKt.",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
    ),
    (
        "{B} gives {W} the Queen.",
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "{W} gives {B} the Queen's Rook.",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1",
    ),
];

/// A game's odds line over its header, with a page's running head, a digitizer's mark,
/// an event line and the players' names (in small capitals under `White.  Black.`, or
/// side by side) between it and the table, in any order, or the odds line last, under the
/// names: the game starts from the odds' position, the men off the side the line names
/// (by its colour or by a player's name, whose surname no other name's word may stand for).
#[test]
fn odds_stated_over_furniture_an_event_and_the_names_start_the_game_from_their_position() {
    let mut rng = Rng::new(2142);
    for round in 0..40 {
        let print = PRINTS[round % 4];
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..3 {
            let (wording, fen) = ODDS_NAMED[rng.below(ODDS_NAMED.len())];
            let start = position(fen);
            let score = random_score_from(&mut rng, &start, print);
            let (white, black) = (random_player(&mut rng).0, random_player(&mut rng).0);
            let statement = wording.replace("{W}", &white).replace("{B}", &black);
            let mut lines = vec![header_furniture(&mut rng, 200 + 2 * (3 * round + g))];
            if rng.below(3) > 0 {
                lines.push(header_event(&mut rng, false));
            }
            if rng.below(2) == 0 {
                lines.reverse();
            }
            let (w, b) = (format!("{white}."), format!("{black}."));
            let names = match rng.below(3) {
                0 => format!(
                    "      White.                Black.\n      {:<22}{}",
                    w.to_uppercase(),
                    b.to_uppercase()
                ),
                1 => format!("   {w:<26}{b}"),
                _ => format!("White: {white}.  Black: {black}."),
            };
            let odds_last = rng.below(3) == 0;
            if !odds_last {
                writeln!(text, "{statement}").unwrap();
            }
            for l in lines {
                let gap = if rng.below(2) == 0 { "\n" } else { "" };
                writeln!(text, "{gap}{l}").unwrap();
            }
            writeln!(text, "{names}").unwrap();
            if odds_last {
                writeln!(text, "{statement}").unwrap();
            }
            text.push('\n');
            if rng.below(2) == 0 {
                token_rows(&score, 0, score.moves.len(), 2, true, &mut text);
            } else {
                score.rows(0, score.moves.len(), &mut text);
            }
            writeln!(text, "\nAnd wins.\n\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((start, score, fen));
        }
        last_pages(&mut text);
        assert_odds_games(&text, &expected, round);
    }
}

/// Names printed in capitals (`White.—MR BRUHL.   Black.--M D Q TARMANN.`, small capitals
/// under `White.  Black.`) are given as names (`Mr Bruhl`), each word capitalised, the
/// book's spelling kept otherwise.
#[test]
fn names_printed_in_capitals_come_out_as_names() {
    let mut rng = Rng::new(2143);
    for round in 0..30 {
        let print = PRINTS[round % PRINTS.len()];
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..2 {
            let score = random_score(&mut rng, print);
            let (white, black) = (random_player(&mut rng).0, random_player(&mut rng).0);
            writeln!(text, "GAME {}.\n", 2 * round + g + 1).unwrap();
            let (white, black) = if rng.below(2) == 0 {
                let (w, b) = (white.replace('.', ""), black.replace('.', ""));
                let d = ["—", "--"][rng.below(2)];
                writeln!(
                    text,
                    "White.{d}{}.   Black.{d}{}.\n",
                    w.to_uppercase(),
                    b.to_uppercase()
                )
                .unwrap();
                (w, b)
            } else {
                let (w, b) = (format!("{white}."), format!("{black}."));
                writeln!(
                    text,
                    "   White.                  Black.\n   {:<24}{}\n",
                    w.to_uppercase(),
                    b.to_uppercase()
                )
                .unwrap();
                (white, black)
            };
            score.rows(0, score.moves.len(), &mut text);
            writeln!(text, "\nAnd wins.\n\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((score, white, black));
        }
        assert_read_all(&text, &expected, &format!("round {round}, {}", print.name));
    }
}

#[test]
fn a_row_numbered_without_a_stop_that_reads_as_a_board_s_rank_stays_in_the_table() {
    let mut rng = Rng::new(2115);
    for round in 0..120 {
        // Spaced and compact print, the move numbers without stops: row 8 (`8 P x P
        // P x P`, `8 Kt x B P  P - Q Kt 4`) has a rank's number and men's letters.
        let print = PRINTS[[2, 0, 1][round % 3]];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len();
        let mut text = format!("GAME {}.\n\n  {white}.      {black}.\n\n", round + 1);
        for p in (0..n).step_by(2) {
            let w = &score.tokens[p];
            let b = score.tokens.get(p + 1).map_or("", String::as_str);
            let gap = 20usize.saturating_sub(w.chars().count()).max(3);
            writeln!(text, "{:>6} {w}{:gap$}{b}", p / 2 + 1, "").unwrap();
        }
        text.push_str("\nAnd wins.\n");
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {round}, {}", print.name),
        );
    }
}

#[test]
fn a_lone_black_move_over_a_page_break_stands_where_the_staggered_table_s_black_moves_stand() {
    let mut rng = Rng::new(2116);
    for round in 0..40 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len();
        let t = &score.tokens;
        // Black's move under White's column, White's next beside it (`    P-K4    2. Kt-KB3`).
        let row = |q: usize, out: &mut String| match t.get(q + 1).filter(|_| q + 1 < n) {
            Some(w) => {
                let gap = 40usize.saturating_sub(t[q].chars().count()).max(4);
                writeln!(out, "       {}{:gap$}{}. {w}", t[q], "", q / 2 + 2).unwrap();
            }
            None => writeln!(out, "       {}", t[q]).unwrap(),
        };
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        writeln!(text, "   1. {}", t[0]).unwrap();
        // A note after Black's move `c`; the table resumes at the margin with White's
        // number and an ellipsis; then a page break, Black's next move alone where Black's
        // moves stand, a note, and White's move at the margin again.
        let c = 2 * (3 + rng.below(n / 2 - 8)) + 1;
        for q in (1..c).step_by(2) {
            row(q, &mut text);
        }
        writeln!(text, "\n{}\n", NOTES[0]).unwrap();
        let gap = 36usize.saturating_sub(t[c].chars().count()).max(4);
        let (black_n, white_n) = (c / 2 + 1, c / 2 + 2);
        writeln!(
            text,
            "   {black_n}. ... {}{:gap$}{white_n}. {}",
            t[c],
            "",
            t[c + 1]
        )
        .unwrap();
        writeln!(text, "\n{}\n", FURNITURE[rng.below(4)]).unwrap();
        writeln!(text, "       {}", t[c + 2]).unwrap();
        writeln!(text, "\n{}\n", NOTES[rng.below(3)]).unwrap();
        writeln!(text, "   {}. {}", c / 2 + 3, t[c + 3]).unwrap();
        for q in (c + 4..n).step_by(2) {
            row(q, &mut text);
        }
        text.push_str("\nAnd wins.\n");
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {round}, {}", print.name),
        );
    }
}

#[test]
fn a_staggered_row_damaged_into_prose_never_leaves_its_game_complete_and_shorter() {
    let mut rng = Rng::new(2117);
    for round in 0..40 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len();
        let t = &score.tokens;
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        writeln!(text, "   1. {}", t[0]).unwrap();
        // One row in the middle loses the blanks before White's number and gains words
        // (`P. takes R, becoming a Knight.31. P. to R's 3d.`), so it reads as prose.
        let damaged = 2 * (3 + rng.below(n / 2 - 6)) + 1;
        for q in (1..n).step_by(2) {
            match t.get(q + 1) {
                Some(w) if q == damaged => {
                    writeln!(text, "       {}, a blot.{}. {w}", t[q], q / 2 + 2).unwrap();
                }
                Some(w) => {
                    let gap = 40usize.saturating_sub(t[q].chars().count()).max(4);
                    writeln!(text, "       {}{:gap$}{}. {w}", t[q], "", q / 2 + 2).unwrap();
                }
                None => writeln!(text, "       {}", t[q]).unwrap(),
            }
        }
        text.push_str("\nAnd wins.\n");
        let games = default_mode(&text);
        let first = &games[0];
        assert!(
            first.status != GameStatus::Complete || first.plies.len() == n,
            "round {round}: {} of {n} plies, complete:\n{text}",
            first.plies.len()
        );
    }
}
