//! Stage two of a book: classified lines grouped into units (games and fragments), each
//! with its header, table rows, notes, footnotes and diagrams. Every line outside a unit
//! keeps the reason it was set aside.

use escriba_notation::Dialect;

use super::blocks::Block;
use super::classify::{self, HeadingKind, LineKind, Players, RowShape, year_in};
use super::diagram::Diagram;
use super::unit::{LineSpan, SpanKind, UnitKind};
use crate::lexicon::COLUMN_BLACK;
pub(crate) use crate::line::ply_of;
use crate::line::{Line, MoveNo};

mod place;
mod rows;

/// What a line is within its unit, or why it stands outside every unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Role {
    /// Not yet placed.
    Unplaced,
    /// A heading, player, column-header or event line of a unit.
    Header,
    /// A row of the unit's move table.
    Row,
    /// A note: prose (or moves in prose) between the rows.
    Note,
    /// A footnote's text.
    Footnote,
    /// A diagram's line.
    Diagram,
    /// Blank lines, page marks and separators inside a unit.
    Furniture,
    /// Outside every unit, with the reason.
    Skipped(&'static str),
}

/// One game or fragment of a book as grouping finds it: its lines, header and table, before
/// it is built into the [`crate::Unit`] the decoder reads. What grouping needs only while it
/// reads the unit's lines is the [`Cursor`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// A game or a fragment.
    pub kind: UnitKind,
    /// The heading's text (continuation lines joined).
    pub heading: Option<String>,
    /// What the heading announced.
    pub heading_kind: Option<HeadingKind>,
    /// Index of the unit's first line.
    pub first: usize,
    /// Index of its last line (inclusive).
    pub last: usize,
    /// The player line.
    pub players: Option<Players>,
    /// Event lines, as printed.
    pub events: Vec<String>,
    /// Indices of the table's rows.
    pub rows: Vec<usize>,
    /// The first row's move number and side.
    pub start: Option<MoveNo>,
    /// Footnote blocks.
    pub footnotes: Vec<FootnoteLines>,
    /// Diagram blocks: line indices (first, last) and the diagram read.
    pub diagrams: Vec<(usize, usize, Diagram)>,
    /// Worth decoding: it starts where a board is known (move 1, or a diagram).
    pub decodable: bool,
    /// Why it is not decoded.
    pub skip_reason: Option<&'static str>,
    /// Index of the first row of a later unit that goes on with this unit's table but is
    /// not read: the game is not complete.
    pub unread_after: Option<usize>,
}

/// A footnote's lines in a unit. Its label is the one its first line's kind gives
/// ([`LineKind::Footnote`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FootnoteLines {
    /// Index of the footnote's first line.
    pub first: usize,
    /// Index of its last line (inclusive).
    pub last: usize,
}

/// The grouping cursor: the unit being read and where its table stands, which the next
/// line is placed by. Only the [`Draft`] goes on to the later stages.
#[derive(Debug, Clone)]
struct Cursor {
    /// The unit so far.
    unit: Draft,
    /// A row printed a result or termination.
    terminated: bool,
    /// The highest move number read in the rows.
    last_number: u32,
    /// The ply the next row should start at (half-moves from move 1, White).
    next_ply: u32,
    /// In a four-column table, the ply the right-hand pair goes on at (0: none).
    far_ply: u32,
    /// A row opened a gloss in parentheses that goes on over the next lines.
    gloss_open: bool,
    /// A variation printed in columns is open: the ply its next row starts at, and the
    /// line of its last row.
    var_next: Option<u32>,
    var_line: Option<usize>,
    /// Every row so far holds one move: the table may be White's column printed whole,
    /// with Black's after it.
    single_column: bool,
    /// Black's column of such a table has begun (its `1.` came after White's last row).
    second_column: bool,
    /// The move number of the last numbered row.
    prev_number: u32,
    /// Indentation of the table's first row, in characters.
    table_indent: u16,
    /// The table separates its moves with `,` and `;`.
    table_separators: bool,
    /// Indentation of the table's last row without a move number (Black's move under
    /// White's, one move a line).
    loose_indent: Option<u16>,
}

impl Cursor {
    fn new(first: usize) -> Cursor {
        Cursor {
            unit: Draft {
                kind: UnitKind::Fragment,
                heading: None,
                heading_kind: None,
                first,
                last: first,
                players: None,
                events: Vec::new(),
                rows: Vec::new(),
                start: None,
                footnotes: Vec::new(),
                diagrams: Vec::new(),
                decodable: false,
                skip_reason: None,
                unread_after: None,
            },
            terminated: false,
            last_number: 0,
            next_ply: 0,
            far_ply: 0,
            gloss_open: false,
            var_next: None,
            var_line: None,
            single_column: true,
            second_column: false,
            prev_number: 0,
            table_indent: 0,
            table_separators: false,
            loose_indent: None,
        }
    }
}

/// The cursor reads as the unit it holds.
impl std::ops::Deref for Cursor {
    type Target = Draft;
    fn deref(&self) -> &Draft {
        &self.unit
    }
}

impl std::ops::DerefMut for Cursor {
    fn deref_mut(&mut self) -> &mut Draft {
        &mut self.unit
    }
}

/// A book's units and the role of each of its lines.
#[derive(Debug)]
pub struct Grouped {
    /// The units, in book order.
    pub units: Vec<Draft>,
    /// The role of every line.
    pub roles: Vec<Role>,
    /// Every line's kind.
    pub kinds: Vec<LineKind>,
}

impl Grouped {
    /// Spans that cover every line once: each unit whole, and runs of skipped lines with
    /// the same reason.
    pub fn spans(&self) -> Vec<LineSpan> {
        let mut spans: Vec<LineSpan> = Vec::new();
        let mut units = self.units.iter().peekable();
        let mut i = 0;
        while i < self.roles.len() {
            if let Some(u) = units.peek()
                && u.first == i
            {
                let (what, reason) = if u.decodable {
                    (
                        SpanKind::from(u.kind),
                        u.heading.clone().unwrap_or_else(|| match u.start {
                            Some(n) => format!("moves from {}", n.number),
                            None => "moves".into(),
                        }),
                    )
                } else {
                    (
                        SpanKind::Skipped,
                        u.skip_reason.unwrap_or("not decoded").to_owned(),
                    )
                };
                spans.push(LineSpan {
                    from: u.first + 1,
                    to: u.last + 1,
                    what,
                    reason,
                    game: None,
                });
                i = u.last + 1;
                units.next();
                continue;
            }
            let reason = match &self.roles[i] {
                Role::Skipped(r) => *r,
                _ => "unplaced",
            };
            match spans.last_mut() {
                Some(s) if s.what == SpanKind::Skipped && s.reason == reason && s.to == i => {
                    s.to = i + 1
                }
                _ => spans.push(LineSpan {
                    from: i + 1,
                    to: i + 1,
                    what: SpanKind::Skipped,
                    reason: reason.to_owned(),
                    game: None,
                }),
            }
            i += 1;
        }
        spans
    }
}

/// The reason a line outside every unit is set aside.
fn outside_reason(kind: &LineKind) -> &'static str {
    match kind {
        LineKind::Blank => "blank",
        LineKind::PageMark => "page furniture",
        LineKind::Separator => "separator",
        LineKind::Heading(_) => "heading",
        LineKind::Players(_) | LineKind::Event => "header without moves",
        LineKind::MoveRow(_) => "moves in prose",
        LineKind::Footnote { .. } => "note outside a game",
        LineKind::Diagram => "diagram outside a game",
        LineKind::Prose => "prose",
    }
}

struct Grouper<'a> {
    lines: &'a [Line],
    kinds: Vec<LineKind>,
    roles: Vec<Role>,
    units: Vec<Cursor>,
    cur: Option<Cursor>,
    dialect: Dialect,
}

/// The byte offset of a `(` on this line that no `)` closes: a gloss going on over the
/// next lines.
pub(crate) fn open_gloss(text: &str) -> Option<usize> {
    let mut open: Vec<usize> = Vec::new();
    for (i, c) in text.char_indices() {
        match c {
            '(' => open.push(i),
            ')' => {
                open.pop();
            }
            _ => {}
        }
    }
    open.first().copied()
}

/// Where a row's moves start, in characters (its first number or move).
fn row_indent(kind: &LineKind) -> u16 {
    match kind {
        LineKind::MoveRow(r) => r.indent,
        _ => 0,
    }
}

/// The line's indentation, in characters.
fn indent_of(text: &str) -> u16 {
    u16::try_from(text.chars().take_while(|c| c.is_whitespace()).count()).unwrap_or(u16::MAX)
}

/// The line of prose stops in the middle of a sentence: on a move number (`If 22.`, not a
/// year), an ellipsis, a piece's abbreviation (`If 15. ... K.`), or a word without a full stop.
fn sentence_open(text: &str) -> bool {
    let t = text.trim_end();
    let Some(last) = t.split_whitespace().last() else {
        return false;
    };
    if t.ends_with("...") || t.ends_with('…') || !t.ends_with(['.', '!', '?', ':', ')', '"', '”'])
    {
        return true;
    }
    let word = last.trim_end_matches('.');
    // A move number (`If 22.`), not a year (`1877.`).
    let number = (1..=3).contains(&word.len()) && word.bytes().all(|b| b.is_ascii_digit());
    let abbreviation = (1..=2).contains(&word.chars().count())
        && word.chars().next().is_some_and(char::is_uppercase);
    number || abbreviation
}

/// A page-break block `/* … */` opens on this line and does not close on it.
fn open_block(text: &str) -> bool {
    text.rfind("/*").is_some_and(|o| !text[o..].contains("*/"))
}

/// A line whose player names run on into the moves, with the names blanked (one blank a
/// character, so that columns keep).
pub(crate) fn header_blanked(text: &str, moves_at: usize) -> String {
    let mut out = " ".repeat(text[..moves_at].chars().count());
    out.push_str(&text[moves_at..]);
    out
}

/// The line opens with a move number (`5.`, `5...`, `5 `) that stands at `ply` or the
/// half-move after it: the table's next row.
fn opens_with_ply(text: &str, ply: u32) -> bool {
    let t = text.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let Ok(n) = t[..digits].parse::<u32>() else {
        return false;
    };
    let rest = &t[digits..];
    if !rest.starts_with(['.', ' ']) {
        return false;
    }
    let black =
        rest.starts_with("..") || rest.trim_start_matches('.').trim_start().starts_with("..");
    let at = ply_of(n, black);
    at + 1 >= ply && at <= ply + 1
}

/// A unit that opens no game and is not read: no heading, names or event, no start.
fn is_stray(u: &Cursor) -> bool {
    u.heading.is_none()
        && u.events.is_empty()
        && !u.decodable
        && u.players
            .as_ref()
            .is_none_or(|p| p.white.is_none() && p.black.is_none())
}

/// The table of `next` takes up the move numbers where `prev` stopped (one ply of slack
/// either way, as for rows).
fn goes_on(prev: &Cursor, next: &Cursor) -> bool {
    let Some(at) = next.start.map(MoveNo::ply) else {
        return false;
    };
    let follows = |p: u32| p > 0 && at.saturating_add(1) >= p && at <= p.saturating_add(1);
    !prev.terminated && !prev.rows.is_empty() && (follows(prev.next_ply) || follows(prev.far_ply))
}

fn accept(u: &mut Cursor, i: usize, s: RowShape) {
    if u.rows.is_empty() {
        u.start = s.number;
        u.table_indent = s.indent;
        u.table_separators = s.prose_separators;
    }
    u.rows.push(i);
    u.last = i;
    u.terminated |= s.result;
    if s.number.is_none() && s.moves > 0 {
        u.loose_indent = Some(s.indent);
    }
    u.single_column &= s.moves == 1 && s.second.is_none();
    if let Some(n) = s.number
        && s.numbered
    {
        u.prev_number = n.number;
    }
    if u.second_column {
        // Black's column: the table's numbers and plies are White's column's.
        return;
    }
    let moves = u32::from(s.moves);
    if let (Some(n), Some(second)) = (s.number, s.second) {
        // A four-column row: the left pair goes on from the left column, the right pair
        // from the right one.
        u.last_number = u.last_number.max(second.at.number);
        u.next_ply = u.next_ply.max(n.ply() + u32::from(second.moves_before));
        u.far_ply = u.far_ply.max(
            second
                .at
                .ply()
                .saturating_add(u32::from(s.moves.saturating_sub(second.moves_before))),
        );
        return;
    }
    // The ply the row starts at, from its first number and the moves before it.
    let start = |n: MoveNo| n.ply().saturating_sub(u32::from(s.lead));
    match s.number {
        // After a four-column block, the table goes on from its right column.
        Some(n) if u.far_ply > 0 && start(n) + 1 >= u.far_ply => {
            u.last_number = u.last_number.max(n.number);
            u.next_ply = start(n) + moves;
            u.far_ply = 0;
        }
        // A number far ahead of the table is a misprint (`69.` for `59.`): the table
        // goes on from where it was.
        Some(n) if u.rows.len() > 1 && start(n) > u.next_ply + 1 => {
            u.next_ply += moves;
        }
        Some(n) => {
            u.last_number = u.last_number.max(n.number);
            u.next_ply = u.next_ply.max(start(n) + moves);
        }
        None => u.next_ply += moves,
    }
}

/// Groups a book's classified lines into units.
pub fn group(lines: &[Line], mut kinds: Vec<LineKind>, dialect: Dialect) -> Grouped {
    let mut blocks = super::blocks::blocks(lines, &mut kinds, dialect);
    let n = lines.len();
    let mut g = Grouper {
        lines,
        roles: vec![Role::Unplaced; n],
        kinds,
        units: Vec::new(),
        cur: None,
        dialect,
    };
    let mut i = 0;
    while i < n {
        i = g.place(i, blocks[i].take());
    }
    g.close(n);
    g.join_continuations();
    // Lines still unplaced stand outside every unit.
    for k in 0..n {
        if g.roles[k] == Role::Unplaced {
            g.roles[k] = Role::Skipped(outside_reason(&g.kinds[k]));
        }
    }
    Grouped {
        units: g.units.into_iter().map(|c| c.unit).collect(),
        roles: g.roles,
        kinds: g.kinds,
    }
}

/// A line short enough for a header block: 16 words, or 30 when it names the players
/// (`Partida jugada entre los señores Capt. G. P. Hisson y I. Lasson, 17 de marzo de 1865.`).
fn header_sized(text: &str) -> bool {
    let words = text.split_whitespace().count();
    words <= 16 || words <= 30 && crate::header::between_players(text).is_some()
}

/// A column header of Black's word alone (`BLACK.`, `NEGRAS.`) under a table that so far
/// is one column of numbered rows of one move each from a White move (move 1, or where a
/// heading the text does not give as furniture cut White's column, the part joined later),
/// up to move 2 or later (a result at its foot or not): the header of Black's column,
/// printed after White's whole.
fn second_column_header(u: &Cursor, p: &Players, text: &str) -> bool {
    let lower = classify::blank_ocr_marks(text).to_lowercase();
    let mut words = lower
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty());
    let blacks_word =
        words.next().is_some_and(|w| COLUMN_BLACK.contains(&w)) && words.next().is_none();
    blacks_word
        && p.white.is_none()
        && p.black.is_none()
        && p.moves_at.is_none()
        && u.loose_indent.is_none()
        && u.single_column
        && !u.second_column
        && u.start
            .is_some_and(|n| !n.black() && (n.number >= 2 || u.rows.len() >= 2))
        && u.prev_number >= 2
}

/// A sentence that names the players (`between X and Y`) or the place (`Played at …`).
fn says_who_or_where(text: &str) -> bool {
    let lower = text.to_lowercase();
    crate::header::between_players(text).is_some()
        || crate::lexicon::PLACE_WORDS
            .iter()
            .any(|w| lower.contains(w))
}

/// Players named inside a heading: `EXAMPLE 53.--… White: J. R. Capablanca. Black: D.
/// Janowski.`
fn players_in(heading: &str) -> Option<Players> {
    let lower = heading.to_lowercase();
    let at = [
        "white:", "blancas:", "brancas:", "black:", "negras:", "pretas:",
    ]
    .iter()
    .filter_map(|w| lower.find(w))
    .min()?;
    match super::classify::classify(&heading[at..], Dialect::ALL[0]) {
        LineKind::Players(p) => Some(p),
        _ => None,
    }
}

/// The year in a unit's header lines, if one is printed.
pub fn unit_year(u: &Draft) -> Option<u32> {
    u.events
        .iter()
        .filter_map(|e| year_in(e))
        .chain(u.heading.as_deref().and_then(year_in))
        .next()
}
