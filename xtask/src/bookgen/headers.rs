//! What stands above a game's moves: its heading, its players in the forms books print
//! them, and the line that says where and when it was played.

use escriba_testkit::Rng;

/// Surnames of the period's players.
const SURNAMES: [&str; 40] = [
    "Morphy",
    "Anderssen",
    "Staunton",
    "Harrwitz",
    "Löwenthal",
    "Paulsen",
    "Bird",
    "Mason",
    "Blackburne",
    "Zukertort",
    "Steinitz",
    "Tchigorin",
    "Tarrasch",
    "Lasker",
    "Philidor",
    "Bruhl",
    "Labourdonnais",
    "McDonnell",
    "Kieseritzky",
    "Horwitz",
    "Boden",
    "Kolisch",
    "Mackenzie",
    "Gunsberg",
    "Burn",
    "Englisch",
    "Winawer",
    "Rosenthal",
    "Schallopp",
    "Pillsbury",
    "Janowski",
    "Schlechter",
    "Maroczy",
    "Teichmann",
    "Marshall",
    "Rubinstein",
    "Capablanca",
    "Golmayo",
    "Vázquez",
    "Sittenfeld",
];

/// First names, for the forms that print them.
const FIRST: [&str; 16] = [
    "James", "Henry", "Joseph", "Adolf", "Paul", "Howard", "George", "Samuel", "Isidor", "Wilhelm",
    "Emanuel", "Celso", "Andrés", "Frank", "Jacques", "Louis",
];

/// Openings, for the headings that name one.
const OPENINGS_EN: [&str; 12] = [
    "EVANS' GAMBIT",
    "RUY LOPEZ",
    "KING'S GAMBIT DECLINED",
    "GIUOCO PIANO",
    "SICILIAN DEFENCE",
    "FRENCH DEFENCE",
    "QUEEN'S GAMBIT",
    "SCOTCH GAME",
    "PETROFF'S DEFENCE",
    "TWO KNIGHTS' DEFENCE",
    "IRREGULAR OPENING",
    "CENTRE GAMBIT",
];
const OPENINGS_ES: [&str; 6] = [
    "GAMBITO EVANS",
    "APERTURA ESPAÑOLA",
    "DEFENSA FRANCESA",
    "GAMBITO DE REY",
    "DEFENSA SICILIANA",
    "APERTURA IRREGULAR",
];
const PLACES: [&str; 10] = [
    "London",
    "Paris",
    "Berlin",
    "Vienna",
    "New York",
    "Breslau",
    "Hastings",
    "Madrid",
    "Havana",
    "St. Petersburg",
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// A player as printed, and the name the reference keeps.
#[derive(Debug, Clone)]
pub struct Player {
    /// The name with its title: `Mr. Morphy`, `Herr Paulsen`, `H. E. Bird`.
    pub full: String,
    /// The name without a title: `Morphy`, `Paulsen`, `H. E. Bird`.
    pub plain: String,
}

/// A synthesized surname (so that no list of names is all the reader ever sees).
fn made_surname(rng: &mut Rng) -> String {
    const ON: [&str; 14] = [
        "B", "D", "F", "G", "H", "L", "M", "N", "P", "R", "S", "T", "W", "Br",
    ];
    const V: [&str; 6] = ["a", "e", "i", "o", "u", "ei"];
    const IN: [&str; 10] = ["l", "r", "n", "m", "ck", "st", "nd", "rr", "ll", "t"];
    const END: [&str; 8] = ["er", "ing", "on", "ell", "ford", "mann", "ey", "ard"];
    let mut s = rng.pick(&ON).to_string();
    s.push_str(rng.pick::<&str>(&V));
    s.push_str(rng.pick::<&str>(&IN));
    s.push_str(rng.pick::<&str>(&END));
    s
}

/// A random player; Spanish books give Spanish titles.
pub fn player(rng: &mut Rng, spanish: bool) -> Player {
    let surname = if rng.chance(60) {
        rng.pick(&SURNAMES).to_string()
    } else {
        made_surname(rng)
    };
    let plain = match rng.below(4) {
        0 => format!("{} {surname}", rng.pick(&FIRST)),
        1 => {
            let a = (b'A' + rng.below(26) as u8) as char;
            let b = (b'A' + rng.below(26) as u8) as char;
            format!("{a}. {b}. {surname}")
        }
        _ => surname,
    };
    let titles: &[&str] = if spanish {
        &["", "", "Sr.", "D."]
    } else {
        &["", "Mr.", "Mr.", "Herr", "M.", "Rev.", "Capt."]
    };
    let title = rng.pick(titles);
    let full = if title.is_empty() {
        plain.clone()
    } else {
        format!("{title} {plain}")
    };
    Player { full, plain }
}

/// How the players are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayerForm {
    /// `White: X.  Black: Y.`
    Colon,
    /// `WHITE. (Mr. Morphy.)  BLACK. (Mr. Harrwitz.)`
    Paren,
    /// `GAME II.—Between Mr. Morphy and Mr. Harrwitz.` then `WHITE. (Mr. M.)  BLACK. (Mr. H.)`.
    Initials,
    /// `Philidor.   Bruhl.`
    Names,
    /// Small-capital names under a `White  Black` line.
    SmallCaps,
    /// `between Messrs. James Mason and H. E. Bird`.
    Between,
    /// `White.—MR MORPHY.  Black.—MR ANDERSSEN.`
    Dash,
    /// The header words on the same line as the moves (the inline-header layout only).
    Inline,
    /// No players printed.
    None,
}

impl PlayerForm {
    /// The forms a layout with a header of its own may take.
    pub const ALL: [PlayerForm; 8] = [
        PlayerForm::Colon,
        PlayerForm::Paren,
        PlayerForm::Initials,
        PlayerForm::Names,
        PlayerForm::SmallCaps,
        PlayerForm::Between,
        PlayerForm::Dash,
        PlayerForm::None,
    ];

    /// The label in the reference PGN and the report.
    pub fn label(self) -> &'static str {
        match self {
            PlayerForm::Colon => "colon",
            PlayerForm::Paren => "paren",
            PlayerForm::Initials => "initials",
            PlayerForm::Names => "names",
            PlayerForm::SmallCaps => "small-caps",
            PlayerForm::Between => "between",
            PlayerForm::Dash => "dash",
            PlayerForm::Inline => "inline",
            PlayerForm::None => "none",
        }
    }
}

/// How a game's heading is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HeadingForm {
    /// `GAME 12.`
    Game,
    /// `12.` alone on a line.
    Number,
    /// `No. 17.`
    No,
    /// `GAME I.—EVANS' GAMBIT.`
    Titled,
    /// No heading: prose stands between the games.
    None,
}

impl HeadingForm {
    /// Every form.
    pub const ALL: [HeadingForm; 5] = [
        HeadingForm::Game,
        HeadingForm::Number,
        HeadingForm::No,
        HeadingForm::Titled,
        HeadingForm::None,
    ];

    /// The label in the reference PGN and the report.
    pub fn label(self) -> &'static str {
        match self {
            HeadingForm::Game => "game",
            HeadingForm::Number => "number",
            HeadingForm::No => "no",
            HeadingForm::Titled => "titled",
            HeadingForm::None => "none",
        }
    }
}

/// `n` in Roman numerals.
pub fn roman(mut n: usize) -> String {
    const R: [(usize, &str); 13] = [
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    let mut s = String::new();
    for (v, r) in R {
        while n >= v {
            s.push_str(r);
            n -= v;
        }
    }
    s
}

fn dash(rng: &mut Rng) -> &'static str {
    rng.pick::<&str>(&["—", "--", " "])
}

const MESES: [&str; 12] = [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
];

/// A date as Spanish books print it.
fn fecha(rng: &mut Rng) -> String {
    let year = rng.range(1750, 1925);
    let day = rng.range(1, 28);
    format!("{day} de {} de {year}", rng.pick(&MESES))
}

/// A date as books print it, and the year alone.
fn date(rng: &mut Rng) -> (String, u32) {
    let year = rng.range(1750, 1925) as u32;
    let day = rng.range(1, 28);
    let month = rng.pick(&MONTHS);
    let suffix = match day {
        1 | 21 => "st",
        2 | 22 => "nd",
        3 | 23 => "rd",
        _ => "th",
    };
    let text = match rng.below(3) {
        0 => format!("{day}{suffix} {month}, {year}"),
        1 => format!("{month} {day}, {year}"),
        _ => format!("{year}"),
    };
    (text, year)
}

/// The event line under a heading, or `None`: `Game played in the Masters' Tournament,
/// 23rd September, 1892.`, `Played at London in 1760.`, `(March 12, 1859.)`.
pub fn event_line(rng: &mut Rng, spanish: bool) -> Option<String> {
    if rng.chance(45) {
        return None;
    }
    let place = rng.pick(&PLACES);
    let (when, year) = date(rng);
    Some(if spanish {
        match rng.below(2) {
            0 => format!("Jugada en {place}, {year}."),
            _ => format!("({place}, {year}.)"),
        }
    } else {
        match rng.below(4) {
            0 => format!("Game played in the Masters' Tournament, {when}."),
            1 => format!("Played at {place} in {year}."),
            2 => format!("({when}.)"),
            _ => format!("Played in the match at {place}, {when}."),
        }
    })
}

/// The heading line of a book's `n`-th game, or `None`.
pub fn heading(rng: &mut Rng, form: HeadingForm, n: usize, spanish: bool) -> Option<String> {
    let (game, no) = if spanish {
        ("PARTIDA", "Núm.")
    } else {
        ("GAME", "No.")
    };
    Some(match form {
        HeadingForm::None => return None,
        HeadingForm::Game => {
            if rng.chance(50) {
                format!("{game} {n}.")
            } else {
                let word = if spanish { "Partida" } else { "Game" };
                format!("{word} {n}.")
            }
        }
        HeadingForm::Number => format!("{n}."),
        HeadingForm::No => format!("{no} {n}."),
        HeadingForm::Titled => {
            let opening = if spanish {
                rng.pick(&OPENINGS_ES)
            } else {
                rng.pick(&OPENINGS_EN)
            };
            format!("{game} {}.{}{opening}.", roman(n), dash(rng))
        }
    })
}

/// `Mr. M.` from `Mr. Morphy`: the title and the surname's initial.
fn initials(p: &Player) -> String {
    let surname = p.plain.split_whitespace().last().unwrap_or("?");
    let first = surname.chars().next().unwrap_or('?');
    let title = p.full.strip_suffix(&p.plain).unwrap_or("").trim();
    if title.is_empty() {
        format!("{first}.")
    } else {
        format!("{title} {first}.")
    }
}

/// Pads `left` to `width` columns and appends `right`.
pub fn two_columns(left: &str, right: &str, width: usize) -> String {
    let n = left.chars().count();
    format!(
        "{left}{}{right}",
        " ".repeat(width.saturating_sub(n).max(3))
    )
}

/// What a heading gains from the players' form: `—Between Mr. X and Mr. Y.`
pub fn heading_suffix(form: PlayerForm, white: &Player, black: &Player, spanish: bool) -> String {
    match (form, spanish) {
        (PlayerForm::Initials | PlayerForm::Inline, false) => {
            format!("Between {} and {}.", white.full, black.full)
        }
        (PlayerForm::Initials | PlayerForm::Inline, true) => {
            format!("Entre {} y {}.", white.full, black.full)
        }
        _ => String::new(),
    }
}

/// The sentence of [`PlayerForm::Between`]: `Played between Messrs. … and ….`
fn between(rng: &mut Rng, white: &Player, black: &Player, spanish: bool) -> String {
    let (ws, bs) = (&white.plain, &black.plain);
    let (event, _) = date(rng);
    if spanish {
        let event = fecha(rng);
        format!("Partida jugada entre los señores {ws} y {bs}, {event}.")
    } else {
        match rng.below(3) {
            0 => format!("Played between Messrs. {ws} and {bs}."),
            1 => format!("Game played between Messrs. {ws} and {bs}, {event}."),
            _ => format!("The following game was played between Messrs. {ws} and {bs}."),
        }
    }
}

/// The player lines of a game in `form` (empty for [`PlayerForm::None`] and
/// [`PlayerForm::Inline`], whose header words stand with the moves).
pub fn player_lines(
    rng: &mut Rng,
    form: PlayerForm,
    white: &Player,
    black: &Player,
    spanish: bool,
) -> Vec<String> {
    let (w, b) = if spanish {
        ("Blancas", "Negras")
    } else {
        ("White", "Black")
    };
    let (wu, bu) = (w.to_uppercase(), b.to_uppercase());
    let indent = " ".repeat(rng.range(0, 8));
    match form {
        PlayerForm::Colon => {
            if rng.chance(30) {
                vec![
                    format!("{w}: {}.", white.full),
                    format!("{b}: {}.", black.full),
                ]
            } else {
                vec![format!("{w}: {}.  {b}: {}.", white.full, black.full)]
            }
        }
        PlayerForm::Paren => vec![format!(
            "{indent}{}",
            two_columns(
                &format!("{wu}. ({}.)", white.full),
                &format!("{bu}. ({}.)", black.full),
                26
            )
        )],
        PlayerForm::Initials => vec![format!(
            "{indent}{}",
            two_columns(
                &format!("{wu}. ({})", initials(white)),
                &format!("{bu}. ({})", initials(black)),
                26
            )
        )],
        PlayerForm::Names => vec![format!(
            "{indent}{}",
            two_columns(&format!("{}.", white.full), &format!("{}.", black.full), 22)
        )],
        PlayerForm::SmallCaps => vec![
            format!(
                "{indent}{}",
                two_columns(&format!("{w}."), &format!("{b}."), 22)
            ),
            format!(
                "{indent}{}",
                two_columns(
                    &format!("{}.", white.full.to_uppercase()),
                    &format!("{}.", black.full.to_uppercase()),
                    22
                )
            ),
        ],
        PlayerForm::Between => vec![between(rng, white, black, spanish)],
        PlayerForm::Dash => {
            let d = if rng.chance(50) { "—" } else { "--" };
            let wn = white.full.to_uppercase().replace('.', "");
            let bn = black.full.to_uppercase().replace('.', "");
            vec![format!("{w}.{d}{wn}.   {b}.{d}{bn}.")]
        }
        PlayerForm::Inline | PlayerForm::None => Vec::new(),
    }
}

/// The header words of the inline-header layout: `WHITE. (Mr. M.) BLACK. (Mr. H.)`.
pub fn inline_words(white: &Player, black: &Player, spanish: bool) -> String {
    let (w, b) = if spanish {
        ("BLANCAS", "NEGRAS")
    } else {
        ("WHITE", "BLACK")
    };
    format!("{w}. ({}) {b}. ({})", initials(white), initials(black))
}
