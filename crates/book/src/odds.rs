//! Odds games: the men a book says were removed before the game began.
//!
//! Books state the odds in the heading, the event line or a note over the table: `(Remove
//! White's Q. R. from the Board.)`, `at odds of Knight. Remove White Queen's Knight.`, `At
//! the odds of the Pawn and Move. (Remove Black's King's Bishop's Pawn from the Board.)`,
//! `White gives Q Rook`, `Morphy gives Anderssen the QKt`, `Rook and Knight`, `the Queen`.
//! An explicit "remove" names the men; otherwise the odds name them, from the side that
//! gives them. A giver the text does not name is assumed (White; Black for the pawn and
//! move), and said so.

use crate::lexicon::{ODDS_WORDS, OPENING_NAME_WORDS};
use escriba_resolve::shakmaty::{Board, Color, File, Rank, Role, Square};

/// The odds a unit's header text states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Odds {
    /// No odds are stated.
    None,
    /// The men removed, from the position the game starts from.
    Read {
        /// The side that gives the odds.
        giver: Color,
        /// The home squares of the men removed.
        removed: Vec<Square>,
        /// The giver was not named: it is the usual one, and the game says so.
        assumed: bool,
    },
    /// Odds are stated but their men could not be read: the text (for the warning).
    Unreadable(String),
}

/// The Spanish and Italian words that [`read`] takes for a word announcing odds.
const FOREIGN_ODDS_WORDS: [&str; 19] = [
    "ventaja",
    "ventajas",
    "quítese",
    "quitese",
    "quítense",
    "quitense",
    "retírese",
    "retirese",
    "togliere",
    "togliete",
    "togli",
    "togliendo",
    "tolto",
    "tolta",
    "senza",
    "dan",
    "da",
    "cede",
    "ceden",
];

/// Whether `text` has a word that announces odds, in any language [`read`] knows: a cheap
/// test with no allocation for an ASCII word, false only where [`read`] finds no odds.
pub fn may_state_odds(text: &str) -> bool {
    let known = |w: &str| {
        ODDS_WORDS
            .iter()
            .chain(&FOREIGN_ODDS_WORDS)
            .any(|o| o.eq_ignore_ascii_case(w))
    };
    text.split(|c: char| !c.is_alphanumeric())
        .any(|w| !w.is_empty() && (known(w) || (!w.is_ascii() && known(&w.to_lowercase()))))
}

/// Reads the odds stated in `text` (a unit's heading, event lines and the notes over its
/// table), with the players' names to tell who gives them.
pub fn read(text: &str, white: Option<&str>, black: Option<&str>) -> Odds {
    let words = normalize(text);
    let Some(at) = words.iter().position(|w| ODDS_WORDS.contains(&w.as_str())) else {
        return Odds::None;
    };
    if let Some(odds) = squares_removed(&words) {
        return odds;
    }
    // An odds game announced as such, not a sentence that merely says "gives".
    let odds_word = words.iter().any(|w| w == "odds" || w.starts_with("remov"));
    let gives_men = !men(&words[at + 1..]).is_empty();
    if !odds_word && !gives_men {
        return Odds::None;
    }
    let removal = words.iter().position(|w| w.starts_with("remov"));
    let odds_at = words.iter().position(|w| w == "odds");
    let (phrase_from, explicit) = match (removal, odds_at) {
        (Some(r), _) => (r + 1, true),
        (None, Some(o)) => (o + 1, false),
        (None, None) => (at + 1, false),
    };
    // The players' names are no men (`X gives Q. B. Rurnell the Rook`).
    let phrase = &without_names(&words[phrase_from..], &[white, black]);
    let pawn_and_move = words
        .windows(3)
        .any(|w| w[0] == "pawn" && w[1] == "and" && w[2] == "move");
    let giver_named = named_color(&words, white, black);
    let giver = giver_named.unwrap_or(if pawn_and_move {
        Color::Black
    } else {
        Color::White
    });
    let mut removed: Vec<Square> = Vec::new();
    if pawn_and_move && !explicit {
        removed.push(home(giver, Role::Pawn, Some(File::F)));
    } else {
        for man in men(phrase) {
            let sq = home(giver, man.0, man.1);
            if !removed.contains(&sq) {
                removed.push(sq);
            }
        }
    }
    if removed.is_empty() {
        return Odds::Unreadable(text.split_whitespace().collect::<Vec<_>>().join(" "));
    }
    Odds::Read {
        giver,
        removed,
        assumed: giver_named.is_none(),
    }
}

/// The men removed named by their squares, as an algebraic book names them (`Togliere Cb1
/// da Morphy`, `remove Ta1`, `without b1`): after a word that removes men, each word that
/// is a home square with its man's letter before it or none (`cb1`, `b1`), up to the first
/// word that is neither such a square nor glue (`and`, `the`). A square of the first two
/// ranks is White's man and of the last two Black's, so the square names the giver; men
/// of both sides in one phrase are no odds this reads (`None`).
fn squares_removed(words: &[String]) -> Option<Odds> {
    let from = words
        .iter()
        .position(|w| w.starts_with("remov") || w == "without")?;
    let glue = |w: &str| matches!(w, "and" | "the" | "white" | "black" | "his" | "her");
    let mut removed: Vec<Square> = Vec::new();
    for w in &words[from + 1..] {
        if let Some(sq) = home_square(w) {
            if !removed.contains(&sq) {
                removed.push(sq);
            }
        } else if !glue(w) {
            break;
        }
    }
    let white = |sq: &Square| matches!(sq.rank(), Rank::First | Rank::Second);
    let giver = if white(removed.first()?) {
        Color::White
    } else {
        Color::Black
    };
    removed
        .iter()
        .all(|sq| white(sq) == (giver == Color::White))
        .then_some(Odds::Read {
            giver,
            removed,
            assumed: false,
        })
}

/// The square a word names when it is a man's home square (`b1`, `f7`), with a piece's
/// letter before it in some language or none (`cb1`, `nb1`, `ta1`).
fn home_square(w: &str) -> Option<Square> {
    let b = w.as_bytes();
    let sq = match b {
        [_, f @ b'a'..=b'h', r @ (b'1' | b'2' | b'7' | b'8')] if b[0].is_ascii_alphabetic() => {
            (*f, *r)
        }
        [f @ b'a'..=b'h', r @ (b'1' | b'2' | b'7' | b'8')] => (*f, *r),
        _ => return None,
    };
    Some(Square::from_coords(
        File::new(u32::from(sq.0 - b'a')),
        Rank::new(u32::from(sq.1 - b'1')),
    ))
}

/// `phrase` without the words of each of `names` where they stand together, as
/// [`normalize`] gives them.
fn without_names(phrase: &[String], names: &[Option<&str>]) -> Vec<String> {
    let mut out = phrase.to_vec();
    for name in names.iter().flatten() {
        let name = normalize(name);
        if name.is_empty() {
            continue;
        }
        if let Some(at) = out.windows(name.len()).position(|w| w == name.as_slice()) {
            out.drain(at..at + name.len());
        }
    }
    out
}

/// The start position of an odds game: the standard one without the men removed, White
/// to move, castling only with the rooks that remain.
pub fn start_fen(removed: &[Square]) -> String {
    let mut board = Board::default();
    for &sq in removed {
        board.discard_piece_at(sq);
    }
    let mut castling = String::new();
    for (sq, c) in [
        (Square::H1, 'K'),
        (Square::A1, 'Q'),
        (Square::H8, 'k'),
        (Square::A8, 'q'),
    ] {
        if !removed.contains(&sq) {
            castling.push(c);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    format!("{} w {castling} - 0 1", board.board_fen())
}

/// Lower-case words, with the possessives, dots and brackets of print taken off and the
/// compact letters spread out (`QKt` → `q kt`, `K.B.P.` → `k b p`).
fn normalize(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for raw in text.split(|c: char| c.is_whitespace() || "().,;:!—–-".contains(c)) {
        let w = raw
            .trim_end_matches("'s")
            .trim_end_matches("’s")
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        if w.is_empty() {
            continue;
        }
        // Compact identities: `qkt`, `kbp`, `qr`, `kt`.
        let compact = w.len() <= 4
            && w != "the"
            && piece_word(&w).is_none()
            && w.chars().all(|c| "kqrbnpt".contains(c))
            && w.len() >= 2;
        if compact {
            let mut rest = w.as_str();
            while !rest.is_empty() {
                let n = if rest.starts_with("kt") { 2 } else { 1 };
                out.push(rest[..n].to_owned());
                rest = &rest[n..];
            }
        } else {
            out.push(w);
        }
    }
    spanish(out)
}

/// Spanish (and the Italian words that remove men) odds in the English words the reader
/// knows: `Ventaja de la torre de dama.`,
/// `(Las blancas dan el caballo de dama.)`, `(Quítese la torre de dama de las blancas.)`,
/// `peón y salida`. A wing printed after its man (`torre de dama`) goes before it, and
/// before each man of the list it closes (`torre y caballo de dama`).
fn spanish(words: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let w = words[i].as_str();
        let english = match w {
            // `Ventaja decisiva del blanco` is an advantage, not odds: men must follow.
            "ventaja" | "ventajas"
                if words[i + 1..].iter().take(4).any(|n| {
                    matches!(
                        n.as_str(),
                        "torre" | "caballo" | "alfil" | "dama" | "peón" | "peon"
                    )
                }) =>
            {
                "odds"
            }
            "quítese" | "quitese" | "quítense" | "quitense" | "retírese" | "retirese" => {
                "remove"
            }
            // Italian: `Togliere Cb1 da Morphy`, `senza la torre`.
            "togliere" | "togliete" | "togli" | "togliendo" | "tolto" | "tolta" => "remove",
            "senza" => "without",
            "dan" | "da" | "cede" | "ceden" => "gives",
            "blancas" => "white",
            "negras" => "black",
            "torre" => "rook",
            "caballo" => "knight",
            "alfil" => "bishop",
            "peón" | "peon" => "pawn",
            "salida" => "move",
            "y" => "and",
            "la" | "el" | "las" | "los" => "the",
            "dama" => "queen",
            other => other,
        };
        // `de dama`, `de rey` right after a man: its wing.
        if w == "de"
            && let Some(wing) = words.get(i + 1).and_then(|n| match n.as_str() {
                "dama" => Some("queen"),
                "rey" => Some("king"),
                _ => None,
            })
            && out
                .last()
                .is_some_and(|l| matches!(l.as_str(), "rook" | "knight" | "bishop"))
        {
            // The men of the list this wing closes, back over `and` and `the`.
            let mut k = out.len();
            while k > 0 {
                let m = out[k - 1].as_str();
                if matches!(m, "rook" | "knight" | "bishop") {
                    out.insert(k - 1, wing.to_owned());
                } else if !matches!(m, "and" | "the") {
                    break;
                }
                k -= 1;
            }
            i += 2;
            continue;
        }
        out.push(english.to_owned());
        i += 1;
    }
    out
}

/// The role a word names, or `None`. `q` and `k` name a wing before another man; alone,
/// `q` is the queen.
fn piece_word(w: &str) -> Option<Role> {
    Some(match w {
        "rook" | "rooks" | "r" | "castle" => Role::Rook,
        "knight" | "knights" | "kt" | "n" | "kn" => Role::Knight,
        "bishop" | "bishops" | "b" => Role::Bishop,
        "pawn" | "pawns" | "p" => Role::Pawn,
        "queen" | "queens" | "q" => Role::Queen,
        _ => return None,
    })
}

fn wing_word(w: &str) -> Option<bool> {
    match w {
        "queen" | "queens" | "q" => Some(true),
        "king" | "kings" | "k" => Some(false),
        _ => None,
    }
}

/// The men a phrase names, each as a role and, for a wing-named man, its file. The men
/// must start within its first six words (after `the`, `of`, a colour or a name) and run
/// on without other words; a phrase followed by `gambit`, `opening`, `defence` names an
/// opening, not men.
fn men(phrase: &[String]) -> Vec<(Role, Option<File>)> {
    let glue = |w: &str| matches!(w, "and" | "the" | "his" | "her" | "own" | "a" | "&");
    let mut out = Vec::new();
    let mut i = 0;
    while i < phrase.len() {
        let w = phrase[i].as_str();
        // Up to five words before the men: `X gives Mr. Y Z the QKt`.
        if out.is_empty() && i >= 6 {
            break;
        }
        // Up to three words: wing, the man whose file it is, the man.
        let mut wing: Option<bool> = None;
        let mut file_of: Option<Role> = None;
        let mut j = i;
        if let Some(q) = wing_word(w)
            && phrase
                .get(i + 1)
                .is_some_and(|n| piece_word(n).is_some() && n != "q" && n != "queen")
        {
            wing = Some(q);
            j += 1;
        }
        if let (Some(a), Some(b)) = (
            phrase.get(j).and_then(|x| piece_word(x)),
            phrase.get(j + 1).and_then(|x| piece_word(x)),
        ) && b == Role::Pawn
            && a != Role::Pawn
        {
            file_of = Some(a);
            j += 1;
        }
        // A lone letter (`P.`, `B.`) is a man only after a wing (`Q. R.`, `K. B. P.`):
        // alone it is more often a name's initial (`Mr. P. C. Morphy`).
        let lone_letter = wing.is_none() && file_of.is_none() && w.len() == 1;
        let Some(role) = phrase
            .get(j)
            .filter(|_| !lone_letter)
            .and_then(|x| piece_word(x))
        else {
            if !out.is_empty() && !glue(w) {
                break;
            }
            i += 1;
            continue;
        };
        if phrase
            .get(j + 1)
            .is_some_and(|n| OPENING_NAME_WORDS.contains(&n.as_str()))
        {
            return Vec::new();
        }
        let queen_side = wing.unwrap_or(true);
        let file = match (role, file_of) {
            (Role::Pawn, Some(of)) => Some(file_of_man(of, queen_side)),
            (Role::Pawn, None) => wing.map(|q| if q { File::D } else { File::E }),
            (Role::Queen, _) => None,
            (r, _) => Some(file_of_man(r, queen_side)),
        };
        out.push((role, file));
        i = j + 1;
    }
    out
}

/// The file a man starts on, on the queen's or the king's wing.
fn file_of_man(role: Role, queen_side: bool) -> File {
    match (role, queen_side) {
        (Role::Rook, true) => File::A,
        (Role::Knight, true) => File::B,
        (Role::Bishop, true) => File::C,
        (Role::Queen, _) => File::D,
        (Role::King, _) => File::E,
        (Role::Bishop, false) => File::F,
        (Role::Knight, false) => File::G,
        (Role::Rook, false) | (Role::Pawn, _) => File::H,
    }
}

/// The home square of `giver`'s man: the pawn of `file` (the king's bishop's pawn for the
/// pawn and move), or the piece itself.
fn home(giver: Color, role: Role, file: Option<File>) -> Square {
    let (back, pawns) = match giver {
        Color::White => (Rank::First, Rank::Second),
        Color::Black => (Rank::Eighth, Rank::Seventh),
    };
    match role {
        Role::Pawn => Square::from_coords(file.unwrap_or(File::F), pawns),
        Role::Queen => Square::from_coords(File::D, back),
        r => Square::from_coords(file.unwrap_or(file_of_man(r, true)), back),
    }
}

/// The side the text says gives the odds: `White gives`, `Remove Black's …`, or a
/// player named before `gives`.
fn named_color(words: &[String], white: Option<&str>, black: Option<&str>) -> Option<Color> {
    let color = |w: &str| match w {
        "white" | "whites" => Some(Color::White),
        "black" | "blacks" => Some(Color::Black),
        _ => None,
    };
    for (i, w) in words.iter().enumerate() {
        // `Remove White's …`, or the colour later in the phrase (`Quítese la torre de
        // dama de las blancas`).
        if w.starts_with("remov")
            && let Some(c) = words.iter().skip(i + 1).take(8).find_map(|n| color(n))
        {
            return Some(c);
        }
        // `White plays without his K. R.`: the colour that plays without the men.
        if w == "without"
            && let Some(c) = words[i.saturating_sub(3)..i].iter().find_map(|n| color(n))
        {
            return Some(c);
        }
        if matches!(
            w.as_str(),
            "gives" | "giving" | "give" | "yields" | "yield" | "yielding"
        ) {
            if let Some(c) = i.checked_sub(1).and_then(|k| color(&words[k])) {
                return Some(c);
            }
            // The giver is the subject of `gives`: its name ends right before it. A word
            // further back is another line's (the players' names printed over the odds
            // line: `HERR KIESERITZKY.  WITON.` over `Witon gives Herr Kieseritzky …`).
            // Of two players whose surnames both end there (`Mr. Q. Poller gives Mr. W. T.
            // Poller`), the giver is the one whose name goes on matching further back.
            let matched = |name: Option<&str>| {
                let name = name.map(normalize).unwrap_or_default();
                name.iter()
                    .rev()
                    .zip(words[..i].iter().rev())
                    .take_while(|(a, b)| a == b)
                    .count()
            };
            match matched(white).cmp(&matched(black)) {
                std::cmp::Ordering::Greater => return Some(Color::White),
                std::cmp::Ordering::Less => return Some(Color::Black),
                std::cmp::Ordering::Equal => {}
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_word_that_announces_odds_passes_the_cheap_test() {
        // Each foreign word becomes an English odds word, and each passes, in any case.
        for w in FOREIGN_ODDS_WORDS {
            let next = ["torre".to_owned()];
            let english = spanish(vec![w.to_owned(), next[0].clone()]);
            assert!(
                ODDS_WORDS.contains(&english[0].as_str()),
                "{w}: {english:?}"
            );
        }
        for w in ODDS_WORDS.iter().chain(&FOREIGN_ODDS_WORDS) {
            for form in [w.to_string(), w.to_uppercase(), format!("({w}:")] {
                assert!(may_state_odds(&format!("Mr. X {form} the rook")), "{form}");
            }
        }
        assert!(may_state_odds("Morphy gives—without the rook"));
        assert!(may_state_odds("QUÍTESE la torre"));
        assert!(!may_state_odds("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 — ½"));
        assert!(!may_state_odds(
            "Played at Paris, between Morphy and the Duke."
        ));
    }

    use super::*;

    fn removed(text: &str) -> (Vec<String>, bool) {
        match read(text, Some("Mr. Morphy"), Some("Mr. Anderssen")) {
            Odds::Read {
                removed, assumed, ..
            } => (removed.iter().map(|s| s.to_string()).collect(), assumed),
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn the_men_removed_are_read_in_every_wording() {
        let cases = [
            ("(Remove White's Q. R. from the Board.)", vec!["a1"], false),
            (
                "White gives the odds of the Queen's Knight.",
                vec!["b1"],
                false,
            ),
            (
                "White gives the Queen.\nGame played in 1863.",
                vec!["d1"],
                false,
            ),
            (
                "Mr. Morphy gives Mr. Anderssen Rook and Knight.",
                vec!["a1", "b1"],
                false,
            ),
            (
                "Anderssen gives Mr. P. C. Morphy the K. R.",
                vec!["h8"],
                false,
            ),
            (
                "at odds of Knight. Remove White Queen's Knight.",
                vec!["b1"],
                false,
            ),
            (
                "At the odds of the Pawn and Move. (Remove Black's King's Bishop's Pawn from the Board.)",
                vec!["f7"],
                false,
            ),
            ("At the odds of the Pawn and Move.", vec!["f7"], true),
            ("White gives Q Rook.", vec!["a1"], false),
            ("(White plays without his K. R.)", vec!["h1"], false),
            ("Mr. Staunton yields the Queen's Knight.", vec!["b1"], true),
            ("Morphy gives Anderssen the QKt.", vec!["b1"], false),
            ("Anderssen gives Morphy the K. Kt.", vec!["g8"], false),
            // The names printed over the odds line are not its subject.
            (
                "MR. MORPHY.   MR. ANDERSSEN.\nAnderssen gives Mr. Morphy the Pawn and Move.",
                vec!["f7"],
                false,
            ),
            (
                "Game at the odds of Rook and Knight.",
                vec!["a1", "b1"],
                true,
            ),
            ("Played at the odds of the Queen.", vec!["d1"], true),
            (
                "White gives the odds of the Queen's Knight.",
                vec!["b1"],
                false,
            ),
            ("(Las blancas dan la torre de dama.)", vec!["a1"], false),
            ("Ventaja del caballo de dama.", vec!["b1"], true),
            (
                "(Quítese la torre de dama de las blancas.)",
                vec!["a1"],
                false,
            ),
            (
                "(Las blancas dan la torre y el caballo de dama.)",
                vec!["a1", "b1"],
                false,
            ),
            ("Ventaja de la dama.", vec!["d1"], true),
            ("Ventaja de peón y salida.", vec!["f7"], true),
            ("(Las negras dan peón y salida.)", vec!["f7"], false),
            // The men named by their squares: the square's rank names the giver.
            ("Togliere Cb1 da Morphy", vec!["b1"], false),
            ("Togliere Cg8 al nero.", vec!["g8"], false),
            ("(Remove Ta1 and Nb1.)", vec!["a1", "b1"], false),
            ("White plays without f2.", vec!["f2"], false),
        ];
        for (text, squares, assumed) in cases {
            assert_eq!(
                removed(text),
                (squares.iter().map(|s| s.to_string()).collect(), assumed),
                "{text}"
            );
        }
    }

    #[test]
    fn players_who_share_a_surname_are_told_apart_by_the_rest_of_their_names() {
        for (text, giver, square) in [
            (
                "Mr. Q. Poller gives Mr. W. T. Poller the Queen.",
                Color::Black,
                Square::D8,
            ),
            (
                "Mr. W. T. Poller gives Mr. Q. Poller the Queen.",
                Color::White,
                Square::D1,
            ),
        ] {
            assert_eq!(
                read(text, Some("Mr. W. T. Poller"), Some("Mr. Q. Poller")),
                Odds::Read {
                    giver,
                    removed: vec![square],
                    assumed: false
                },
                "{text}"
            );
        }
        // Names alike to the end tell no one apart: the giver is assumed.
        assert!(matches!(
            read(
                "Poller gives Poller the Queen.",
                Some("Poller"),
                Some("Poller")
            ),
            Odds::Read { assumed: true, .. }
        ));
    }

    #[test]
    fn a_player_s_initials_are_no_men() {
        let odds = read(
            "Mr. Anderssen gives Q. B. Morphy the Queen's Rook.",
            Some("Q. B. Morphy"),
            Some("Mr. Anderssen"),
        );
        assert_eq!(
            odds,
            Odds::Read {
                giver: Color::Black,
                removed: vec![Square::A8],
                assumed: false
            }
        );
    }

    #[test]
    fn no_odds_and_unreadable_odds_are_told_apart() {
        assert_eq!(read("GAME 12.--Evans' Gambit.", None, None), Odds::None);
        for prose in [
            "+- = Ventaja decisiva del blanco -+ = Ventaja decisiva del negro",
            "The attack gives White a fine game.",
            "EXAMPLE 67.--I now give a game played at Havana. (Queen's Gambit Declined.)",
            "He gives up the Queen's Gambit for a King's Pawn opening.",
            "Played without sight of the board.",
        ] {
            assert_eq!(read(prose, None, None), Odds::None, "{prose}");
        }
        assert!(matches!(
            read("Played at odds (the men are not named).", None, None),
            Odds::Unreadable(_)
        ));
        // Squares of both sides in one removal are no odds this reads as squares.
        assert!(!matches!(
            read("Remove b1 and g8.", None, None),
            Odds::Read { ref removed, .. } if removed.len() == 2
        ));
    }

    #[test]
    fn castling_follows_from_the_rooks_that_remain() {
        assert_eq!(
            start_fen(&[Square::A1]),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1"
        );
        assert_eq!(
            start_fen(&[Square::F7]),
            "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
    }
}
