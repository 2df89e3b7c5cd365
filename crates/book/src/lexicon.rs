//! The book's words: every word list the reader matches a line against, in one place,
//! by what the words say. Each list is lower case and names its languages (English,
//! Spanish, Portuguese, French, German, Italian, Dutch, as far as the books read so far
//! print them).
//!
//! Where two stages ask a like question, they share one list when the union reads every
//! text of `xtask/scripts/outputs.sh` (the corpus, the shared books, the seeds, the real
//! texts, generated texts) byte for byte as the two lists did: Black's word
//! ([`BLACK_WORDS`], a header line's and a column's) and the game words ([`GAME_WORDS`], a
//! heading's and a line of prose's). The lists kept apart, one line each for why:
//!
//! - [`NAME_TITLES`] and [`ABBREVIATIONS`]: measured, the union reads a shared book's
//!   game otherwise: `wm`, `chas`, `jas` (first names), `st`, `jr` end no sentence but are
//!   no titles, and as titles they are dropped from a name (`Wm. Steinitz` read as `Mr. S.`);
//! - [`HEADER_WHITE`] and [`BLACK_WORDS`]: no pair (White's and Black's words); a header
//!   line's White word is still read in three languages only;
//! - [`GAME_WORDS`], [`ANALYSIS_HEADINGS`], [`OPENING_TITLES`] and [`OPENING_NAME_WORDS`]:
//!   not tried, they answer four questions (a game; an analysis heading's first word; an
//!   opening's title; the word after a man's name that makes an opening's name);
//! - [`EVENT_WORDS`], [`PLACE_WORDS`], [`EVENT_LINE_WORDS`] and [`HEADER_CUE_WORDS`]: not
//!   tried, they answer four questions (what opens an event line; a place in a sentence; a
//!   header line's event word; a short line's header cue), and their blanks differ (`played
//!   at` opens an event line, `played ` anywhere cues a header).

// The players: header lines and the words around names.

/// The words for White that open a header line (`White: Teichmann.`, `Blancas:`): English,
/// Spanish, Portuguese.
pub(crate) const HEADER_WHITE: [&str; 3] = ["white", "blancas", "brancas"];

/// The words for Black: the one a header line names (`Black: Rubinstein.`, `Negras:`)
/// and the one alone over Black's column: English, Spanish, Portuguese, French, German,
/// Italian.
pub(crate) const BLACK_WORDS: [&str; 6] = ["black", "negras", "pretas", "noirs", "schwarz", "nero"];

/// The words that stand before a name as a title (lower case, without their period).
/// `m` and `d` (`M. Deimmann`, `D. Rodrigo`) are initials as well.
pub(crate) const NAME_TITLES: [&str; 28] = [
    "mr", "mrs", "miss", "messrs", "herr", "frau", "rev", "capt", "captain", "dr", "prof", "col",
    "gen", "lieut", "hon", "sig", "signor", "sr", "sra", "srta", "señor", "don", "doña", "m", "mm",
    "mme", "mlle", "d",
];

/// Abbreviated titles and first names whose period ends no sentence.
pub(crate) const ABBREVIATIONS: [&str; 18] = [
    "mr", "mrs", "messrs", "dr", "wm", "capt", "rev", "st", "jr", "sr", "prof", "col", "gen",
    "lieut", "hon", "sig", "chas", "jas",
];

// Headings and titles.

/// Words that name a game: a numbered game's heading opens with one, and a line of prose
/// that names one (`Ejemplo de partida:`) may announce a table: English, Spanish, French,
/// Portuguese, Italian, German, Dutch.
pub(crate) const GAME_WORDS: [&str; 9] = [
    "game",
    "partida",
    "partie",
    "jogo",
    "partita",
    "spiel",
    "partij",
    "illustrative game",
    "partidas",
];

/// Words that open an analysis heading: English, Spanish, Portuguese.
pub(crate) const ANALYSIS_HEADINGS: [&str; 10] = [
    "variation",
    "variante",
    "variación",
    "example",
    "ejemplo",
    "exemplo",
    "study",
    "estudio",
    "ending",
    "problem",
];

/// Words of a title that names an opening or its analysis rather than a game: English,
/// Spanish, French.
pub(crate) const OPENING_TITLES: [&str; 14] = [
    "variation",
    "attack",
    "defence",
    "defense",
    "opening",
    "gambit",
    "analysis",
    "variante",
    "apertura",
    "defensa",
    "gambito",
    "ataque",
    "ouverture",
    "défense",
];

/// Words after a man's name that make it an opening's name (`King's Gambit`): English.
pub(crate) const OPENING_NAME_WORDS: [&str; 6] = [
    "gambit", "opening", "defence", "defense", "counter", "attack",
];

/// Words that open a section heading whatever their case.
pub(crate) const SECTION_HEADINGS: [&str; 7] = [
    "chapter",
    "capítulo",
    "capitulo",
    "part ",
    "section",
    "book ",
    "index",
];

/// Ordinal words (English): `GAME THE FIRST.` is an opening line in a treatise, not a
/// played game.
pub(crate) const ORDINALS: [&str; 20] = [
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
];

/// Number words up to twenty (English), for "the first eight moves".
pub(crate) const NUMBER_WORDS: [&str; 20] = [
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];

// Events, places and odds.

/// Words that say where or how a game was played: English, Spanish, Portuguese, French,
/// German, Italian.
pub(crate) const EVENT_WORDS: [&str; 9] = [
    "played at",
    "played in",
    "played by",
    "jugada en",
    "disputada en",
    "jogada em",
    "jouée à",
    "gespielt in",
    "giocata a",
];

/// Words that name the place a game was played (`played at London`, `jugada en Madrid`):
/// English, Spanish, Portuguese.
pub(crate) const PLACE_WORDS: [&str; 4] = ["played at ", "played in ", "jugada en ", "jogada em "];

/// Words of a short line above a table that make it the game's header: who played, where,
/// at what odds (English, Spanish, Portuguese, French, German).
pub(crate) const HEADER_CUE_WORDS: [&str; 11] = [
    "between ",
    "played ",
    " odds ",
    "odds of",
    " gives ",
    "remove ",
    "entre ",
    "jugada ",
    "jogada ",
    "jouée ",
    "gespielt ",
];

/// Words of such a header line that make it the unit's event line (English, Spanish).
pub(crate) const EVENT_LINE_WORDS: [&str; 4] = ["played", "between", "jugada", "entre "];

/// Words that announce odds (English).
pub(crate) const ODDS_WORDS: [&str; 10] = [
    "odds", "remove", "gives", "giving", "removed", "give", "without", "yields", "yield",
    "yielding",
];
