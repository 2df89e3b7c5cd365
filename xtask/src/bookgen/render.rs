//! Books from games: each game with its heading, players, odds and event lines, its table
//! in a layout with notes, diagrams and footnotes between the moves, its result; prose
//! between the games; page marks, running heads and OCR marks wherever a page breaks.

use escriba_resolve::shakmaty::san::SanPlus;
use escriba_resolve::shakmaty::{Color, Move, Position};

use super::book::{Book, Truth};
use super::diagrams::{Drawing, draw};
use super::games::SourceGame;
use super::headers::{
    HeadingForm, Player, PlayerForm, event_line, heading, heading_suffix, inline_words, player,
    player_lines, two_columns,
};
use super::layouts::{Layout, Look, lay, wrap_tokens};
use super::mix::Mix;
use super::notation::{Notation, Place, PlyText, place, write_line};
use super::notes::{note, prose, wrap};
use super::odds::{Odds, adapt, fen_of};
use escriba_testkit::Rng;

/// Page furniture a book prints at its page breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PageStyle {
    /// `{160}`
    Braces,
    /// `[Pg 23]`
    Pg,
    /// A page number alone.
    Number,
    /// A running head with the page number.
    RunningHead,
}

const TITLES: [&str; 6] = [
    "CHESS PRAXIS",
    "THE CHESS-PLAYER'S COMPANION",
    "MODERN CHESS GAMES",
    "THE BOOK OF THE TOURNAMENT",
    "PARTIDAS ESCOGIDAS",
    "CHESS GEMS",
];

/// Lines of a book as they are written, with the page furniture put in as pages fill.
struct Pages {
    lines: Vec<String>,
    style: PageStyle,
    title: &'static str,
    page: usize,
    page_len: usize,
    on_page: usize,
    ocr_rate: usize,
    /// 1-based lines of the furniture and marks, for the games' features.
    breaks: Vec<usize>,
    ocr: Vec<usize>,
}

impl Pages {
    /// The pages of a new book: its page style, title, first page number, page length (when
    /// the mix marks pages) and rate of OCR marks, drawn in that order.
    fn new(rng: &mut Rng, mix: &Mix) -> Pages {
        let style = *rng.pick(&[
            PageStyle::Braces,
            PageStyle::Pg,
            PageStyle::Number,
            PageStyle::RunningHead,
        ]);
        let title = *rng.pick(&TITLES);
        Pages {
            lines: Vec::new(),
            style,
            title,
            page: rng.range(1, 300),
            page_len: if mix.page_marks {
                rng.range(34, 56)
            } else {
                usize::MAX
            },
            on_page: 0,
            ocr_rate: if mix.ocr_marks && rng.chance(40) {
                rng.range(2, 12)
            } else {
                0
            },
            breaks: Vec::new(),
            ocr: Vec::new(),
        }
    }

    /// A blank line, then `text` wrapped at `width`.
    fn paragraph(&mut self, rng: &mut Rng, text: &str, width: usize) {
        self.blank(rng);
        for l in wrap(text, width, "") {
            self.push(rng, l);
        }
    }

    fn push(&mut self, rng: &mut Rng, line: String) {
        let mut line = line;
        if self.ocr_rate > 0 && rng.below(1000) < self.ocr_rate {
            let mark = *rng.pick(&["[ocr errors]", "[graphic]", "[merged small]"]);
            if rng.chance(30) && !line.trim().is_empty() {
                line = format!("{line} {mark}");
            } else {
                self.lines.push(mark.to_owned());
            }
            self.ocr.push(self.lines.len());
        }
        self.lines.push(line);
        self.on_page += 1;
        if self.on_page >= self.page_len {
            self.page_break(rng);
        }
    }

    fn page_break(&mut self, rng: &mut Rng) {
        self.on_page = 0;
        self.page += 1;
        let n = self.page;
        let furniture: Vec<String> = match self.style {
            PageStyle::Braces => vec![String::new(), format!("{{{n}}}"), String::new()],
            PageStyle::Pg => vec![String::new(), format!("[Pg {n}]"), String::new()],
            PageStyle::Number => vec![String::new(), format!("{:>40}", n), String::new()],
            PageStyle::RunningHead => {
                let head = if n.is_multiple_of(2) {
                    two_columns(&n.to_string(), self.title, 40)
                } else {
                    two_columns(self.title, &n.to_string(), 50)
                };
                let mut v = vec![String::new(), head, String::new()];
                if rng.chance(30) {
                    v.insert(1, format!("{:>30}", n - 1));
                }
                v
            }
        };
        for l in furniture {
            self.lines.push(l);
            self.breaks.push(self.lines.len());
        }
    }

    /// Lines that stay on one page (a diagram): the page breaks before them or after.
    fn block(&mut self, rng: &mut Rng, lines: Vec<String>) {
        if self.page_len != usize::MAX && self.on_page + lines.len() > self.page_len {
            self.page_break(rng);
        }
        for l in lines {
            self.lines.push(l);
            self.on_page += 1;
        }
        if self.on_page >= self.page_len {
            self.page_break(rng);
        }
    }

    fn blank(&mut self, rng: &mut Rng) {
        if self.lines.last().is_some_and(|l| !l.trim().is_empty()) {
            self.push(rng, String::new());
        }
    }

    /// 1-based number of the next line.
    fn next(&self) -> usize {
        self.lines.len() + 1
    }
}

fn choose<T: Copy>(rng: &mut Rng, primary: T, all: &[T], keep: usize) -> T {
    if rng.chance(keep) {
        primary
    } else {
        *rng.pick(all)
    }
}

/// The SAN of each move from `start`.
fn sans(
    start: &escriba_resolve::shakmaty::Chess,
    moves: &[escriba_resolve::shakmaty::Move],
) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&m| SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string())
        .collect()
}

/// The result line for `result` when `last` moved last, or `None`.
fn result_line(
    rng: &mut Rng,
    result: &str,
    last: Option<Color>,
    spanish: bool,
    mate: bool,
) -> Option<String> {
    let winner = match result {
        "1-0" => Some(Color::White),
        "0-1" => Some(Color::Black),
        "1/2-1/2" => None,
        _ => return None,
    };
    if mate && rng.chance(60) {
        return None;
    }
    Some(match winner {
        None => {
            if spanish {
                rng.pick(&["Tablas.", "½-½", "Partida tablas."]).to_string()
            } else {
                rng.pick(&["Drawn game.", "Drawn.", "½-½", "1/2-1/2"])
                    .to_string()
            }
        }
        Some(w) => {
            let by_winner = last == Some(w);
            let mut v: Vec<String> = vec![result.to_owned()];
            if spanish {
                v.push(if w == Color::White {
                    "Las negras abandonan.".into()
                } else {
                    "Las blancas abandonan.".into()
                });
                if by_winner {
                    v.push("Y ganan.".into());
                    v.push("Abandonan.".into());
                }
            } else {
                v.push(if w == Color::White {
                    "Black resigns.".into()
                } else {
                    "White resigns.".into()
                });
                if by_winner {
                    v.push("And wins.".into());
                    v.push("Resigns.".into());
                }
            }
            rng.pick(&v).clone()
        }
    })
}

/// A footnote's text as the book prints it under the game.
fn footnote(mark: &str, text: &str) -> String {
    match mark {
        "[A]" | "[B]" => format!("[Footnote {}: {text}]", &mark[1..2]),
        _ => format!("{mark} {text}"),
    }
}

/// The odds of a game: none, or one of the mix's at its share.
fn draw_odds(rng: &mut Rng, mix: &Mix) -> Odds {
    if mix.odds.len() > 1 && rng.chance(mix.odds_share) {
        *rng.pick(&mix.odds[1..])
    } else {
        Odds::None
    }
}

/// One game of a book, written into `pages`; returns its truth.
#[allow(clippy::too_many_arguments)]
fn game(
    rng: &mut Rng,
    pages: &mut Pages,
    src: &SourceGame,
    n: usize,
    mix: &Mix,
    notation: Notation,
    layout: Layout,
    form: PlayerForm,
    heading_form: HeadingForm,
    diagram_number: &mut usize,
) -> Truth {
    let spanish = notation.spanish();
    let odds = draw_odds(rng, mix);
    let (start, moves, result) = adapt(odds, &src.moves, &src.result, rng);
    let white = player(rng, spanish);
    let black = player(rng, spanish);
    let (form, heading_form) = forms(layout, form, heading_form);
    let first = pages.next();
    let mut features: Vec<&'static str> = Vec::new();
    let players = Players {
        white: &white,
        black: &black,
        form,
        spanish,
    };
    write_header(rng, pages, n, heading_form, odds, &players);

    // The plies, with their footnote marks.
    let (mut plies, places) = write_line(&place(&start), &moves, notation);
    let look = Look::new(rng, &plies, spanish);
    let footnote = mark_footnote(rng, mix, &mut plies, spanish, &mut features);
    let mut stops = Interruptions::new(
        rng,
        mix,
        layout,
        &plies,
        &places,
        &moves,
        notation,
        look.wrap,
        diagram_number,
        &mut features,
    );
    write_table(rng, pages, layout, &players, &plies, &look, &mut stops);
    let mate = places.last().is_some_and(|p| p.0.is_checkmate());
    let last = plies
        .last()
        .map(|p| if p.white { Color::White } else { Color::Black });
    if let Some(r) = result_line(rng, &result, last, spanish, mate) {
        pages.push(rng, format!("{}{}", look.indent, r));
    }
    if let Some(f) = footnote {
        pages.paragraph(rng, &f, look.wrap);
    }
    let last_line = pages.lines.len();
    features.sort_unstable();
    features.dedup();
    let named = form != PlayerForm::None;
    Truth {
        sans: sans(&start, &moves),
        fen: odds.fen().map(|_| fen_of(&start)),
        white: named.then(|| white.full.clone()),
        black: named.then(|| black.full.clone()),
        result,
        layout: layout.label(),
        notation: notation.label(),
        players: form.label(),
        heading: heading_form.label(),
        odds: odds.label(),
        diagram: stops.diagram,
        features,
        first_line: first,
        last_line,
        origin: src.origin.clone(),
    }
}

/// The game's players, how its header names them, and in which language.
struct Players<'a> {
    white: &'a Player,
    black: &'a Player,
    form: PlayerForm,
    spanish: bool,
}

/// The player and heading forms a game in `layout` is printed with: the inline header
/// names the players inline, and a game that names them only in its heading (inline or by
/// initials) needs a heading.
fn forms(layout: Layout, form: PlayerForm, heading_form: HeadingForm) -> (PlayerForm, HeadingForm) {
    let form = if layout == Layout::InlineHeader {
        PlayerForm::Inline
    } else {
        form
    };
    // The inline header names the players in its heading; a game needs a heading then.
    let heading_form = if form == PlayerForm::Initials || form == PlayerForm::Inline {
        match heading_form {
            HeadingForm::None | HeadingForm::Number => HeadingForm::Game,
            h => h,
        }
    } else {
        heading_form
    };
    (form, heading_form)
}

/// The header of game `n`: its heading (with the players when the form puts them there),
/// then the event, player and odds lines, and a blank.
fn write_header(
    rng: &mut Rng,
    pages: &mut Pages,
    n: usize,
    heading_form: HeadingForm,
    odds: Odds,
    players: &Players,
) {
    let Players {
        white,
        black,
        form,
        spanish,
    } = *players;
    if let Some(h) = heading(rng, heading_form, n, spanish) {
        let suffix = heading_suffix(form, white, black, spanish);
        let line = if suffix.is_empty() {
            h
        } else {
            format!("{h}{}{suffix}", *rng.pick(&["—", "--", " "]))
        };
        pages.push(rng, line);
        pages.blank(rng);
    }
    let event = event_line(rng, spanish);
    let players = player_lines(rng, form, white, black, spanish);
    let odds_line = odds.header(rng, &white.full, &black.full, spanish);
    let mut header: Vec<String> = Vec::new();
    if form == PlayerForm::Between {
        header.extend(players.iter().cloned());
        header.extend(event.clone());
    } else {
        header.extend(event.clone());
        if !header.is_empty() && !players.is_empty() && rng.chance(50) {
            header.push(String::new());
        }
        header.extend(players.iter().cloned());
    }
    if !odds_line.is_empty() {
        if rng.chance(50) {
            header.insert(0, odds_line);
        } else {
            header.push(odds_line);
        }
    }
    for l in header {
        pages.push(rng, l);
    }
    pages.blank(rng);
}

/// Now and then (when the mix has footnotes) a footnote mark after one ply: the footnote's
/// text, to print after the game.
fn mark_footnote(
    rng: &mut Rng,
    mix: &Mix,
    plies: &mut [PlyText],
    spanish: bool,
    features: &mut Vec<&'static str>,
) -> Option<String> {
    if !(mix.footnotes && !plies.is_empty() && rng.chance(25)) {
        return None;
    }
    let k = rng.below(plies.len());
    let mark = *rng.pick(&["*", "†", "[A]", "[1]"]);
    plies[k].text.push_str(mark);
    let n = rng.range(1, 3);
    let text = super::notes::sentences(rng, n, spanish);
    features.push("footnote");
    Some(footnote(mark, &text))
}

/// What interrupts the table after each ply: the lines of notes and of a diagram.
struct Interruptions {
    /// The note lines after each ply.
    breaks: Vec<Vec<String>>,
    /// The diagram lines after each ply.
    diagrams: Vec<Vec<String>>,
    /// The label of the game's diagram, if it has one.
    diagram: Option<String>,
}

impl Interruptions {
    /// Notes (wrapped at `wrap_width`) and a diagram drawn for a game's plies, with the
    /// places before them and the moves, when the layout allows breaks and the mix has them.
    #[allow(clippy::too_many_arguments)]
    fn new(
        rng: &mut Rng,
        mix: &Mix,
        layout: Layout,
        plies: &[PlyText],
        places: &[Place],
        moves: &[Move],
        notation: Notation,
        wrap_width: usize,
        diagram_number: &mut usize,
        features: &mut Vec<&'static str>,
    ) -> Interruptions {
        let mut breaks: Vec<Vec<String>> = vec![Vec::new(); plies.len()];
        let mut diagrams: Vec<Vec<String>> = vec![Vec::new(); plies.len()];
        let mut diagram = None;
        if layout.breaks() && plies.len() > 2 {
            if mix.notes {
                let n_notes = rng.below(plies.len() / 12 + 2);
                for _ in 0..n_notes {
                    let k = rng.below(plies.len() - 1);
                    let text = note(rng, &places[k + 1], moves[k + 1], notation);
                    if text.contains(notation.if_word()) && text.contains(". ") {
                        features.push("analysis");
                    }
                    breaks[k].extend(wrap(&text, wrap_width, ""));
                }
                if n_notes > 0 {
                    features.push("notes");
                }
            }
            if !mix.drawings.is_empty() && rng.chance(mix.diagram_share) {
                let k = rng.range(plies.len() / 3, plies.len() - 2);
                let d: Drawing = *rng.pick(&mix.drawings);
                *diagram_number += 1;
                let lines = draw(
                    rng,
                    places[k + 1].0.board(),
                    d,
                    *diagram_number,
                    notation.spanish(),
                    notation == Notation::CompactN,
                );
                diagrams[k] = lines;
                diagram = Some(d.label());
                features.push("diagram");
            }
        }
        Interruptions {
            breaks,
            diagrams,
            diagram,
        }
    }
}

/// The game's table, run by run between its interruptions (or, in the inline header, the
/// players' words and every ply in one paragraph).
fn write_table(
    rng: &mut Rng,
    pages: &mut Pages,
    layout: Layout,
    players: &Players,
    plies: &[PlyText],
    look: &Look,
    stops: &mut Interruptions,
) {
    if layout == Layout::InlineHeader {
        let mut words = vec![inline_words(players.white, players.black, players.spanish)];
        for p in plies {
            words.push(format!("{}. {}", p.number, p.text));
        }
        for l in wrap_tokens(&words, look.wrap, &look.indent) {
            pages.push(rng, l);
        }
        return;
    }
    if layout.columns()
        && matches!(
            players.form,
            PlayerForm::Colon | PlayerForm::Between | PlayerForm::Dash | PlayerForm::None
        )
        && rng.chance(35)
    {
        let (w, b) = look.words;
        let row = format!(
            "{}{}",
            look.indent,
            two_columns(&format!("    {w}"), &format!("  {b}"), look.width)
        );
        pages.push(rng, row);
    }
    let mut run_start = 0;
    for k in 0..plies.len() {
        if stops.breaks[k].is_empty() && stops.diagrams[k].is_empty() && k + 1 < plies.len() {
            continue;
        }
        for l in lay(layout, &plies[run_start..=k], look, rng) {
            pages.push(rng, l);
        }
        run_start = k + 1;
        if !stops.breaks[k].is_empty() {
            pages.blank(rng);
            for l in std::mem::take(&mut stops.breaks[k]) {
                pages.push(rng, l);
            }
            pages.blank(rng);
        }
        if !stops.diagrams[k].is_empty() {
            pages.blank(rng);
            pages.block(rng, std::mem::take(&mut stops.diagrams[k]));
            pages.blank(rng);
        }
    }
}

/// Renders `games` as one book in `notation`, seeded by `seed`.
pub fn book(games: &[SourceGame], mix: &Mix, notation: Notation, seed: u64) -> Book {
    let mut rng = Rng::new(seed);
    let spanish = notation.spanish();
    let primary_layout = *rng.pick(&mix.layouts);
    let primary_form = *rng.pick(&mix.players);
    let primary_heading = *rng.pick(&mix.headings);
    let mut pages = Pages::new(&mut rng, mix);
    let title = pages.title;
    pages.push(&mut rng, format!("{:>40}", title));
    pages.push(&mut rng, String::new());
    if mix.prose {
        for l in prose(&mut rng, spanish) {
            pages.push(&mut rng, l);
        }
    }
    let mut truths = Vec::new();
    let mut diagram_number = rng.range(0, 100);
    for (i, src) in games.iter().enumerate() {
        pages.blank(&mut rng);
        let prose_before = mix.prose && (rng.chance(40) || primary_heading == HeadingForm::None);
        if prose_before {
            if rng.chance(10) {
                pages.push(
                    &mut rng,
                    format!("CHAPTER {}.", super::headers::roman(i / 5 + 1)),
                );
                pages.blank(&mut rng);
            }
            for l in prose(&mut rng, spanish) {
                pages.push(&mut rng, l);
            }
            pages.blank(&mut rng);
        }
        let layout = choose(&mut rng, primary_layout, &mix.layouts, 60);
        let form = choose(&mut rng, primary_form, &mix.players, 60);
        let heading = choose(&mut rng, primary_heading, &mix.headings, 75);
        let mut g = rng.fork(i as u64);
        let mut t = game(
            &mut g,
            &mut pages,
            src,
            i + 1,
            mix,
            notation,
            layout,
            form,
            heading,
            &mut diagram_number,
        );
        if prose_before || (i == 0 && mix.prose) {
            t.features.insert(0, "prose");
        }
        truths.push(t);
    }
    pages.blank(&mut rng);
    for t in &mut truths {
        let within = |l: &usize| (t.first_line..=t.last_line).contains(l);
        if pages.breaks.iter().any(within) {
            t.features.push("page-break");
        }
        if pages.ocr.iter().any(within) {
            t.features.push("ocr-mark");
        }
    }
    let mut text = pages.lines.join("\n");
    text.push('\n');
    Book {
        text,
        games: truths,
    }
}
