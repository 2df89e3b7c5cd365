//! The kit of the random-book tests (`book_random_*`): random legal games rendered into the
//! layouts books print, read back in the default mode (no `--book`), and checked whole:
//! every ply, from the right start, `complete`, with the players. Each test is a class of
//! layout; the games and the places of the interruptions are drawn at random, so a test
//! pins the class, not a sample.

use std::fmt::Write as _;
use std::sync::Arc;

use escriba_notation::{DescLang, Dialect, Form, KnightLetter, Style, write_move};
use escriba_pipeline::game::GameResult;
use escriba_pipeline::segment::segment_text;
use escriba_pipeline::{Config, GameStatus, GameText, process_game};
use escriba_resolve::describe::describe;
use escriba_resolve::identity::Origins;
use escriba_resolve::shakmaty::{Board, Chess, Color, Move, Position, Square};

use crate::common::reference_sans;
use escriba_testkit::{Rng, random_game, uniform_line};

/// A notation books print, with its name for messages.
#[derive(Clone, Copy)]
pub(crate) struct Print {
    pub(crate) name: &'static str,
    pub(crate) dialect: Dialect,
    pub(crate) style: Style,
}

pub(crate) const EN: Dialect = Dialect::Descriptive(DescLang::En);

pub(crate) const PRINTS: [Print; 5] = [
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
pub(crate) struct Score {
    pub(crate) moves: Vec<Move>,
    pub(crate) tokens: Vec<String>,
    pub(crate) boards: Vec<Board>,
}

impl Score {
    pub(crate) fn new(moves: Vec<Move>, print: Print) -> Score {
        Score::from(Chess::default(), moves, print)
    }

    pub(crate) fn from(start: Chess, moves: Vec<Move>, print: Print) -> Score {
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
    pub(crate) fn single_rows(&self, from: usize, to: usize, out: &mut String) {
        for p in from..to {
            if p % 2 == 0 {
                writeln!(out, "{:>8}. {}", p / 2 + 1, self.tokens[p]).unwrap();
            } else {
                writeln!(out, "             {}", self.tokens[p]).unwrap();
            }
        }
    }

    /// Two-column rows for the plies `from..to` (`from` even: a White move).
    pub(crate) fn rows(&self, from: usize, to: usize, out: &mut String) {
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
pub(crate) fn letter_at(board: &Board, sq: Square) -> Option<char> {
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
pub(crate) fn diagram(board: &Board, drawing: usize, caption: &str) -> String {
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
pub(crate) const NOTES: [&str; 4] = [
    "A strong move.",
    "Black has nothing better; if the Knight retires, White\n\
     gains a tempo for the attack on the King's side.",
    "This loses time. The text move was much criticised after the game, and\n\
     most annotators prefer the simple developing move, after which the game is\n\
     about even. White now takes the initiative and never lets it go.",
    "(The position after White's move is shown in the diagram.)",
];

/// Page furniture books and their digitizers leave between rows.
pub(crate) const FURNITURE: [&str; 5] = [
    "{123}",
    "[Pg 87]",
    "[Illustration]",
    "                                  87",
    "[ocr errors]",
];

/// Reads `text` as the default mode does (no `--book`): every game it finds.
pub(crate) fn default_mode(text: &str) -> Vec<GameResult> {
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
pub(crate) type Read<'a> = (Vec<String>, GameStatus, Option<&'a str>, Option<&'a str>);

/// [`assert_read_whole`] with the players' names owned.
pub(crate) fn assert_read_all(text: &str, expected: &[(Score, String, String)], what: &str) {
    let want: Vec<(&Score, &str, &str)> = expected
        .iter()
        .map(|(s, w, b)| (s, w.as_str(), b.as_str()))
        .collect();
    assert_read_whole(text, &want, what);
}

/// The games read from `text` are exactly `expected` (moves, players), each whole and
/// `complete`.
pub(crate) fn assert_read_whole(text: &str, expected: &[(&Score, &str, &str)], what: &str) {
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
pub(crate) fn players(n: usize) -> (String, String) {
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

pub(crate) fn random_score(rng: &mut Rng, print: Print) -> Score {
    loop {
        let max = 30 + rng.below(50);
        let moves = random_game(rng, max);
        if moves.len() >= 24 {
            return Score::new(moves, print);
        }
    }
}

/// The first game read from `text` stops after its first `cut` plies, is partial, and
/// says that its table goes on at line `unread_line`.
pub(crate) fn assert_cut_short(text: &str, cut: usize, unread_line: usize, round: usize) {
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
pub(crate) fn position_after(score: &Score, plies: usize) -> Chess {
    let mut pos = Chess::default();
    for &m in &score.moves[..plies] {
        pos.play_unchecked(m);
    }
    pos
}

/// The position `fen` gives.
pub(crate) fn position(fen: &str) -> Chess {
    use escriba_resolve::shakmaty::CastlingMode;
    use escriba_resolve::shakmaty::fen::Fen;
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

/// A random legal game of 30 to 59 plies (fewer when it ends) from `start`, printed.
pub(crate) fn random_score_from(rng: &mut Rng, start: &Chess, print: Print) -> Score {
    let max = 30 + rng.below(30);
    let moves = uniform_line(rng, start, max);
    Score::from(start.clone(), moves, print)
}

/// Odds as books state them: the wording, with {W} and {B} for the players; the FEN it
/// starts from; the giver is named.
pub(crate) const ODDS: [(&str, &str, bool); 7] = [
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

/// The layouts of digitized text that repeat the move numbers, each the
/// same (number, side, move) triples in another order.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Order {
    /// White's whole column, then Black's.
    ColumnsInTurn,
    /// Black's move *n* and White's *n + 1* on one line (a two-column page read across).
    Staggered,
    /// Both columns run into one paragraph: `1. W 1. B 2. W 2. B …`, wrapped.
    Paragraph,
}

pub(crate) fn render(score: &Score, order: Order, rng: &mut Rng, out: &mut String) {
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

/// A random player as books print one: a title or none, given names or initials or none,
/// and a made-up surname (so that no list of names is all the reader sees).
pub(crate) fn random_player(rng: &mut Rng) -> (String, String) {
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

/// A heading over a game, in the forms books print: `GAME 12.`, `No. 12.`, or the number
/// alone on its line (`12.`), which a table printed one token a line also opens with.
pub(crate) fn heading(rng: &mut Rng, n: usize) -> String {
    match rng.below(3) {
        0 => format!("GAME {n}."),
        1 => format!("No. {n}."),
        _ => format!("{n}."),
    }
}

/// One token a line for the plies `from..to`: the move number alone (`7.`), White's
/// move, Black's move, at `indent`; a run that starts with Black's move opens with `7. ...`
/// when `resumed` (after a note), and without it after a page break.
pub(crate) fn token_rows(
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

/// The table's plies `from..to` printed in `layout`: two columns, one move a line, one
/// token a line, or a paragraph. A run that starts with Black's move opens with its move
/// number and an ellipsis, as books print it after a note.
pub(crate) fn rows_in(score: &Score, layout: usize, from: usize, to: usize, out: &mut String) {
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

/// The furniture a page turn or a digitizer leaves between a game's header lines: the
/// book's running head with its page number (on either side), a page mark, a digitizer's
/// mark.
pub(crate) fn header_furniture(rng: &mut Rng, page: usize) -> String {
    match rng.below(4) {
        0 => format!("{:<50}{page}", RUNNING_HEAD),
        1 => format!("{page:<40}{RUNNING_HEAD}"),
        2 => "[merged small]".to_owned(),
        _ => format!("{{{page}}}"),
    }
}

/// The running head of the books of these tests, which comes back on every page.
pub(crate) const RUNNING_HEAD: &str = "MODERN CHESS PRAXIS";

/// The book's last pages: its running head comes back on each.
pub(crate) fn last_pages(text: &mut String) {
    for k in 0..3 {
        writeln!(text, "{:<44}{RUNNING_HEAD}\n", 900 + k).unwrap();
    }
}

/// An event line as books print it under the players (`Game played in the Masters'
/// Tournament, 13th January, 1762.`, `(11th May, 1840.)`, `Jugada en Madrid, 1875.`).
pub(crate) fn header_event(rng: &mut Rng, spanish: bool) -> String {
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
pub(crate) fn untitled(full: &str) -> String {
    ["Mr. ", "Herr ", "M. ", "Rev. ", "Capt. ", "Dr. "]
        .iter()
        .find_map(|t| full.strip_prefix(t))
        .unwrap_or(full)
        .to_owned()
}

/// White's whole column under its word, then Black's under its own.
pub(crate) fn columns_in_turn(score: &Score, words: (&str, &str), out: &mut String) {
    for (side, word) in [words.0, words.1].into_iter().enumerate() {
        writeln!(out, "      {word}").unwrap();
        for p in (side..score.tokens.len()).step_by(2) {
            writeln!(out, "{:>3}. {}", p / 2 + 1, score.tokens[p]).unwrap();
        }
        out.push('\n');
    }
}

/// The games read from `text` are `expected` (start, moves, the FEN of the start), each
/// whole from its position.
pub(crate) fn assert_odds_games(text: &str, expected: &[(Chess, Score, &str)], round: usize) {
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
pub(crate) const ODDS_NAMED: [(&str, &str); 6] = [
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

/// A document's title block as a page's text layer gives it, from made-up names and
/// places: `count` short lines of words drawn from the kinds a title page holds (the
/// players, a place and a date, an author, a copyright, a web address, a section title,
/// an editor's elision), each line a different kind. No line states odds or holds a move.
pub(crate) fn random_title_block(rng: &mut Rng, count: usize) -> Vec<String> {
    const PLACES: [&str; 6] = [
        "Lundor",
        "Vessa",
        "New Barrow",
        "Santa Elm",
        "Korvik",
        "Ostra",
    ];
    const MONTHS: [&str; 6] = ["giugno", "luglio", "March", "mayo", "octobre", "Juni"];
    const BY: [&str; 4] = ["di", "by", "par", "por"];
    const TITLES: [&str; 4] = ["Partite scelte", "Selected games", "Parties", "Partidas"];
    let mut kinds: Vec<usize> = (0..8).collect();
    let mut out = Vec::new();
    while out.len() < count && !kinds.is_empty() {
        let kind = kinds.remove(rng.below(kinds.len()));
        let (name, _) = random_player(rng);
        let place = PLACES[rng.below(PLACES.len())];
        let year = 1800 + rng.below(220);
        let line = match kind {
            0 => {
                let (other, _) = random_player(rng);
                format!("{name} - {other}")
            }
            1 => format!(
                "{place} {} {} {year}",
                1 + rng.below(28),
                MONTHS[rng.below(MONTHS.len())]
            ),
            2 => format!("{} {name}", BY[rng.below(BY.len())]),
            3 => format!("© {year} {name}"),
            4 => format!("www.{}.org", place.to_lowercase().replace(' ', "")),
            5 => TITLES[rng.below(TITLES.len())].to_owned(),
            6 => format!("{place} e ritorno a {}", PLACES[rng.below(PLACES.len())]),
            _ => "[…]".to_owned(),
        };
        out.push(line);
    }
    out
}
