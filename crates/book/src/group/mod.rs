//! Stage three of a book: classified lines grouped into units (games and fragments), each
//! with its header, table rows, notes, footnotes and diagrams. Every line outside a unit
//! keeps the reason it was set aside.

use escriba_notation::Dialect;

use super::blocks::Block;
use super::classify::{HeadingKind, LineKind, Players, RowShape, year_in};
use super::diagram::Diagram;
use super::unit::{LineSpan, SpanKind, UnitKind};
pub(crate) use crate::line::ply_of;
use crate::line::{Line, MoveNo};
use crate::traits::Traits;
pub(crate) use crate::traits::{header_blanked, open_gloss};

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
    /// What grouping asks of each line besides its kind.
    traits: Vec<Traits>,
    roles: Vec<Role>,
    units: Vec<Cursor>,
    cur: Option<Cursor>,
    /// The book's dialect, in which a heading's players are read.
    dialect: Dialect,
}

/// Where a row's moves start, in characters (its first number or move).
fn row_indent(kind: &LineKind) -> u16 {
    match kind {
        LineKind::MoveRow(r) => r.indent,
        _ => 0,
    }
}

/// A line as printed, trimmed: the text of a heading or an event line, which the unit
/// hands over. Grouping asks nothing of it.
fn printed(line: &Line) -> String {
    line.text.trim().to_owned()
}

/// A line that opens with move number `opens_with` (see [`Traits::opens_with`]) that
/// stands at `ply` or the half-move after it: the table's next row.
fn opens_at(opens_with: Option<MoveNo>, ply: u32) -> bool {
    opens_with.is_some_and(|n| {
        let at = n.ply();
        at + 1 >= ply && at <= ply + 1
    })
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
    let traits = crate::traits::traits(lines, &kinds, dialect);
    let mut g = Grouper {
        lines,
        traits,
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

/// A column header of Black's word alone (`BLACK.`, `NEGRAS.`) under a table that so far
/// is one column of numbered rows of one move each from a White move (move 1, or where a
/// heading the text does not give as furniture cut White's column, the part joined later),
/// up to move 2 or later (a result at its foot or not): the header of Black's column,
/// printed after White's whole.
fn second_column_header(u: &Cursor, p: &Players, blacks_word_alone: bool) -> bool {
    // `BLACK.` alone, or `BLACK. (Mr. Popert.)` under a `WHITE. (The Allies.)` that named
    // White alone.
    let names_black_alone = p.black.is_some()
        && u.players
            .as_ref()
            .is_some_and(|f| f.white.is_some() && f.black.is_none());
    (blacks_word_alone && p.black.is_none() || names_black_alone)
        && p.white.is_none()
        && p.moves_at.is_none()
        && u.loose_indent.is_none()
        && u.single_column
        && !u.second_column
        && u.start
            .is_some_and(|n| !n.black() && (n.number >= 2 || u.rows.len() >= 2))
        && u.prev_number >= 2
}

/// Players named inside a heading: `EXAMPLE 53.--… White: J. R. Capablanca. Black: D.
/// Janowski.`
fn players_in(heading: &str, dialect: Dialect) -> Option<Players> {
    let lower = heading.to_lowercase();
    let at = [
        "white:", "blancas:", "brancas:", "black:", "negras:", "pretas:",
    ]
    .iter()
    .filter_map(|w| lower.find(w))
    .min()?;
    match super::classify::classify(&heading[at..], dialect) {
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
