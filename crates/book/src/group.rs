//! Stage two of a book: classified lines grouped into units (games and fragments), each
//! with its header, table rows, notes, footnotes and diagrams. Every line outside a unit
//! keeps the reason it was set aside.

use escriba_notation::Dialect;

use super::classify::{self, HeadingKind, LineKind, Players, RowShape, year_in};
use super::diagram;
use super::unit::{LineSpan, SpanKind, UnitKind};
use crate::line::Line;

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
/// it is built into the [`crate::Unit`] the decoder reads.
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
    pub start: Option<(u32, bool)>,
    /// A row printed a result or termination.
    pub terminated: bool,
    /// The highest move number read in the rows.
    pub last_number: u32,
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
    /// Footnote blocks: label and line indices (first, last).
    pub footnotes: Vec<(String, usize, usize)>,
    /// Diagram blocks: line indices (first, last) and the board read.
    pub diagrams: Vec<(usize, usize, escriba_resolve::shakmaty::Board)>,
    /// Worth decoding: it starts where a board is known (move 1, or a diagram).
    pub decodable: bool,
    /// Why it is not decoded.
    pub skip_reason: Option<&'static str>,
    /// Index of the first row of a later unit that goes on with this unit's table but is
    /// not read: the game is not complete.
    pub unread_after: Option<usize>,
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

impl Draft {
    fn new(first: usize) -> Draft {
        Draft {
            kind: UnitKind::Fragment,
            heading: None,
            heading_kind: None,
            first,
            last: first,
            players: None,
            events: Vec::new(),
            rows: Vec::new(),
            start: None,
            terminated: false,
            last_number: 0,
            next_ply: 0,
            far_ply: 0,
            gloss_open: false,
            var_next: None,
            var_line: None,
            footnotes: Vec::new(),
            diagrams: Vec::new(),
            decodable: false,
            skip_reason: None,
            unread_after: None,
            single_column: true,
            second_column: false,
            prev_number: 0,
            table_indent: 0,
            table_separators: false,
            loose_indent: None,
        }
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
                            Some((n, _)) => format!("moves from {n}"),
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

/// Words that name a game in a line of prose (`Ejemplo de partida:`).
const GAME_WORDS_IN_PROSE: [&str; 8] = [
    "game", "partida", "partie", "jogo", "partita", "spiel", "partij", "partidas",
];

/// Words of a title that names an opening or its analysis rather than a game.
const ANALYSIS_TITLE_WORDS: [&str; 14] = [
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
    units: Vec<Draft>,
    cur: Option<Draft>,
    dialect: Dialect,
}

impl Grouper<'_> {
    fn close(&mut self, before: usize) {
        let Some(mut u) = self.cur.take() else {
            return;
        };
        // The unit ends at its last line with something in it; trailing blanks and
        // furniture go back outside.
        let mut last = before.saturating_sub(1).max(u.first);
        while last > u.first
            && matches!(
                self.roles[last],
                Role::Furniture | Role::Unplaced | Role::Skipped(_)
            )
        {
            self.roles[last] = Role::Skipped(outside_reason(&self.kinds[last]));
            last -= 1;
        }
        u.last = last;
        if u.rows.is_empty() {
            // A heading or header with no moves under it.
            for k in u.first..=u.last {
                self.roles[k] = Role::Skipped(match self.roles[k] {
                    Role::Header => "header without moves",
                    Role::Note => "prose",
                    _ => outside_reason(&self.kinds[k]),
                });
            }
            return;
        }
        // A note after the last row that opens with the table's next move number is a row
        // the reader could not take (a damaged word made it prose): the game goes on
        // there unread, and is not complete.
        if !u.terminated
            && u.unread_after.is_none()
            && let Some(&last_row) = u.rows.last()
        {
            // Only a line that opens a paragraph (under the last row or a blank line): a
            // note's sentence wrapped onto a line that starts with a number is no row.
            u.unread_after = (last_row + 1..=u.last).find(|&k| {
                self.roles[k] == Role::Note
                    && (k == last_row + 1 || self.kinds[k - 1] == LineKind::Blank)
                    && opens_with_ply(&self.lines[k].text, u.next_ply)
            });
            // Rows of the table's own shape a move or two ahead of it, under a row damaged
            // into prose (`P. takes R, becoming a Knight.31. P. to R's 3d.`): the table goes
            // on there unread.
            if u.unread_after.is_none() {
                let indents: Vec<u16> =
                    u.rows.iter().map(|&r| row_indent(&self.kinds[r])).collect();
                u.unread_after = (last_row + 1..=u.last).find(|&k| {
                    self.roles[k] == Role::Note
                        && matches!(self.kinds[k], LineKind::MoveRow(r)
                        if r.unknown == 0
                            && !r.prose_separators
                            && !self.lines[k].text.contains(',')
                            && indents.contains(&r.indent)
                            && r.number.is_some_and(|(n, b)| {
                                let at = ply_of(n, b).saturating_sub(u32::from(r.lead));
                                at > u.next_ply && at <= u.next_ply + 4
                            }))
                });
            }
        }
        if u.players.is_none()
            && let Some(h) = &u.heading
        {
            u.players = players_in(h);
        }
        u.kind = self.kind_of(&u);
        let from_diagram = u
            .diagrams
            .first()
            .is_some_and(|d| u.rows.first().is_some_and(|&r| d.1 < r));
        let from_start = matches!(u.start, Some((1, _)));
        u.decodable = from_start || from_diagram;
        if !u.decodable {
            u.skip_reason = Some("moves from a position the text does not give");
        }
        self.units.push(u);
    }

    /// A game or a fragment: a numbered game heading or named players make a game, an
    /// analysis heading or title a fragment; otherwise a table from move 1 that ends in a
    /// result or runs to move 15 is a game.
    fn kind_of(&self, u: &Draft) -> UnitKind {
        let named = u
            .players
            .as_ref()
            .is_some_and(|p| p.white.is_some() || p.black.is_some());
        match u.heading_kind {
            Some(HeadingKind::Game) => UnitKind::Game,
            _ if named => UnitKind::Game,
            Some(HeadingKind::Analysis) => UnitKind::Fragment,
            _ if self.under_analysis_title(u.first) => UnitKind::Fragment,
            // `Ejemplo de partida:`, `The game went:` right above a table from move 1.
            _ if u.start == Some((1, false)) && self.introduced_as_a_game(u.first) => {
                UnitKind::Game
            }
            _ => {
                let from_start = u.start == Some((1, false));
                if from_start && (u.terminated || u.last_number >= 15) {
                    UnitKind::Game
                } else {
                    UnitKind::Fragment
                }
            }
        }
    }

    /// Joins to each unit the units after it that go on with its table: a unit with no
    /// header of its own whose first row takes up the move numbers where the unit before
    /// it stopped. A game goes on after whatever stands between (a diagram the text does
    /// not give as one, a rule, a caption, a note, a page break); those lines become the
    /// game's notes and furniture. Then each game whose table goes on in a unit that is
    /// not read (from a position the text does not give) is marked, so that it is never
    /// called complete.
    fn join_continuations(&mut self) {
        let mut units: Vec<Draft> = Vec::with_capacity(self.units.len());
        for u in std::mem::take(&mut self.units) {
            // A column header reprinted at a page break (`WHITE.  BLACK.`) names no one.
            let unnamed = u
                .players
                .as_ref()
                .is_none_or(|p| p.white.is_none() && p.black.is_none());
            // The unit whose table this one takes up: the last one, or one before a run of
            // fragments that open no game and are not read (rows of a drawing the text
            // does not give as a diagram, stray analysis).
            let taken_up = units
                .iter()
                .rposition(|p| goes_on(p, &u) || !is_stray(p))
                .filter(|&k| goes_on(&units[k], &u));
            if let Some(k) = taken_up
                && u.heading.is_none()
                && unnamed
                && u.events.is_empty()
            {
                units.truncate(k + 1);
                let prev = units.last_mut().expect("the unit taken up");
                for k in prev.last + 1..u.first {
                    self.roles[k] = match self.kinds[k] {
                        LineKind::Blank | LineKind::PageMark | LineKind::Separator => {
                            Role::Furniture
                        }
                        _ => Role::Note,
                    };
                }
                prev.rows.extend(u.rows);
                prev.last = u.last;
                // What was left unread after the first part is read in the second.
                prev.unread_after = u.unread_after;
                prev.terminated = u.terminated;
                prev.last_number = prev.last_number.max(u.last_number);
                prev.next_ply = u.next_ply;
                prev.far_ply = u.far_ply;
                prev.footnotes.extend(u.footnotes);
                prev.diagrams.extend(u.diagrams);
                let kind = self.kind_of(prev);
                prev.kind = kind;
                continue;
            }
            if let Some(k) = taken_up
                && !u.decodable
            {
                units[k].unread_after = u.rows.first().copied();
            } else if taken_up.is_none()
                && u.heading.is_none()
                && unnamed
                && u.events.is_empty()
                && let Some(prev) = units.iter_mut().rfind(|p| !is_stray(p))
                && !prev.terminated
                && prev.unread_after.is_none()
                && u.start
                    .is_some_and(|(n, b)| ply_of(n, b) > prev.next_ply + 1)
            {
                // The unit's first row stands ahead of the table, but a later line of it
                // takes the table up (the first row was a note's moves, or a row from
                // further on): the game is not complete.
                prev.unread_after = (u.first..=u.last).find(|&k| {
                    matches!(self.roles[k], Role::Row | Role::Note)
                        && opens_with_ply(&self.lines[k].text, prev.next_ply)
                });
            }
            units.push(u);
        }
        self.units = units;
    }

    /// Closes the unit at hand and opens the next at line `i`, or at the block of short
    /// lines right above it that says who played, where, or at what odds: those lines are
    /// the next game's header, not the last one's notes.
    fn open_under_header_block(&mut self, i: usize) -> &mut Draft {
        let from = self.header_block_above(i);
        self.close(from);
        let mut events = Vec::new();
        for k in from..i {
            if matches!(self.kinds[k], LineKind::Blank | LineKind::PageMark) {
                self.roles[k] = Role::Furniture;
                continue;
            }
            self.roles[k] = Role::Header;
            let lower = self.lines[k].text.to_lowercase();
            if self.kinds[k] == LineKind::Event
                || ["played", "between", "jugada", "entre "]
                    .iter()
                    .any(|w| lower.contains(w))
            {
                events.push(self.lines[k].text.trim().to_owned());
            }
        }
        let u = self.start(from);
        u.events.extend(events);
        u
    }

    /// The first line of the block of short lines just above line `i` (over up to six
    /// blank lines and page marks) that reads as a game's header: it names the players
    /// (`between X and Y`), the event or the odds. `i` when there is no such block. The
    /// header reaches on up over page furniture (a running head, a digitizer's mark) and
    /// blank lines to the blocks above it that name the players or the odds, or say when
    /// it was played (`Played between Messrs. X and Y.` over a page's head and `(11th
    /// May, 1840.)`).
    fn header_block_above(&self, i: usize) -> usize {
        let floor = match self.cur.as_ref() {
            Some(u) => u.rows.last().map_or(u.first, |&r| r + 1),
            None => self.units.last().map_or(0, |u| u.last + 1),
        };
        let mut top = i;
        // The block next to the table, then up to two more above it.
        for block in 0..3 {
            let Some(k) = self.header_lines_above(top, floor, block > 0) else {
                break;
            };
            top = k;
        }
        top
    }

    /// The first line of a block of short header lines above line `i` (over blank lines
    /// and page marks), down to `floor`, that stands apart (a blank line, a page mark or
    /// `floor` above it) and gives a cue: any for the block next to the table, and for a
    /// block further up (`strong`), the players' names, the odds or an event line.
    fn header_lines_above(&self, i: usize, floor: usize, strong: bool) -> Option<usize> {
        // Over the blank lines and page furniture (a page number, a running head) between
        // the header and the table.
        let mut k = i;
        while k > floor
            && i - k < 6
            && matches!(self.kinds[k - 1], LineKind::Blank | LineKind::PageMark)
        {
            k -= 1;
        }
        let end = k;
        while k > floor
            && end - k < 4
            && matches!(self.roles[k - 1], Role::Note | Role::Skipped(_))
            && matches!(self.kinds[k - 1], LineKind::Prose | LineKind::Event)
            && header_sized(&self.lines[k - 1].text)
        {
            k -= 1;
        }
        let apart = k == floor || matches!(self.kinds[k - 1], LineKind::Blank | LineKind::PageMark);
        let cue = (k..end).any(|j| {
            let text = &self.lines[j].text;
            let said = if strong {
                crate::header::between_players(text).is_some()
            } else {
                let lower = text.to_lowercase();
                [
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
                ]
                .iter()
                .any(|w| lower.contains(w))
            };
            self.kinds[j] == LineKind::Event
                || said
                || super::odds::read(text, None, None) != super::odds::Odds::None
        });
        (k < end && apart && cue).then_some(k)
    }

    /// A title just above line `first` (over blank lines, a subtitle and a bare column
    /// header) that names an opening or a variation (`SECOND VARIATION OF THIS ATTACK.`,
    /// `COUNTER GAMBIT IN THE KNIGHT'S OPENING.`): what follows is analysis.
    fn under_analysis_title(&self, first: usize) -> bool {
        for k in (first.saturating_sub(8)..first).rev() {
            match &self.kinds[k] {
                LineKind::Blank | LineKind::Prose | LineKind::Players(_) => {}
                LineKind::Heading(HeadingKind::Section) => {
                    let lower = self.lines[k].text.to_lowercase();
                    return ANALYSIS_TITLE_WORDS.iter().any(|w| lower.contains(w));
                }
                _ => return false,
            }
        }
        false
    }

    /// The line above line `first` (over blank lines) is a short line of prose that
    /// announces a game: it names one and ends with a colon, or is a few words only.
    fn introduced_as_a_game(&self, first: usize) -> bool {
        let Some(k) = (0..first).rev().find(|&k| self.kinds[k] != LineKind::Blank) else {
            return false;
        };
        if self.kinds[k] != LineKind::Prose {
            return false;
        }
        let t = self.lines[k].text.trim();
        let lower = t.to_lowercase();
        let words = t.split_whitespace().count();
        (t.ends_with(':') || words <= 4)
            && lower
                .split(|c: char| !c.is_alphabetic())
                .any(|w| GAME_WORDS_IN_PROSE.contains(&w))
    }

    fn start(&mut self, i: usize) -> &mut Draft {
        self.cur.get_or_insert_with(|| Draft::new(i))
    }

    /// The line before `i` that is not blank, if it belongs to the current unit.
    fn previous_role(&self, i: usize) -> Option<&Role> {
        let u = self.cur.as_ref()?;
        (u.first..i)
            .rev()
            .find(|&k| self.kinds[k] != LineKind::Blank)
            .map(|k| &self.roles[k])
    }

    /// The line before `i` that is neither blank nor page furniture (a page number, a
    /// running head, a separator), if it belongs to the current unit.
    fn previous_content(&self, i: usize) -> Option<usize> {
        let u = self.cur.as_ref()?;
        (u.first..i).rev().find(|&k| {
            !matches!(
                self.kinds[k],
                LineKind::Blank | LineKind::PageMark | LineKind::Separator
            )
        })
    }

    /// The role of [`Self::previous_content`].
    fn previous_content_role(&self, i: usize) -> Option<&Role> {
        self.previous_content(i).map(|k| &self.roles[k])
    }

    /// The line before `i` that is neither blank nor page furniture is a row of the current
    /// unit that holds a move number and no move (`7.` alone, one token a line): the moves
    /// under it are its, over a page break too.
    fn under_number_alone(&self, i: usize) -> bool {
        self.previous_content(i).is_some_and(|k| {
            self.roles[k] == Role::Row
                && matches!(self.kinds[k], LineKind::MoveRow(r) if r.numbered && r.moves == 0 && !r.result)
        })
    }

    /// Row `i` where no table is under way: with no unit open (a new unit's first row
    /// when numbered, else moves in prose), a unit's first row, or the second line of a
    /// page-break block. Returns whether the row was placed so.
    fn row_before_table(&mut self, i: usize, s: RowShape) -> bool {
        let Some(u) = self.cur.as_ref() else {
            // A note's moves from the next move of the game just closed (under a rule or
            // a title) are not a new table: the game's own rows follow them.
            let analysis = self.units.last().is_some_and(|p| {
                !p.terminated && !p.rows.is_empty() && self.analysis_before_row(i, s, p.next_ply)
            });
            if analysis {
                self.roles[i] = Role::Skipped("moves in prose");
            } else if s.numbered || s.number.is_some() {
                let u = self.open_under_header_block(i);
                accept(u, i, s);
                self.roles[i] = Role::Row;
            } else {
                self.roles[i] = Role::Skipped("moves in prose");
            }
            return true;
        };
        if u.rows.is_empty() {
            if s.number.is_some() || s.result {
                let u = self.cur.as_mut().expect("a unit");
                accept(u, i, s);
                self.roles[i] = Role::Row;
            } else {
                self.roles[i] = Role::Note;
            }
            return true;
        }
        // The second line of a page-break block (`/* 18. … B - B 4    20. Q - Kt 2\n
        // P - B 3 */`) goes on with the row above it.
        if i > 0 && self.roles[i - 1] == Role::Row && open_block(&self.lines[i - 1].text) {
            let u = self.cur.as_mut().expect("a unit");
            accept(u, i, s);
            self.roles[i] = Role::Row;
            return true;
        }
        false
    }

    /// The next numbered row of a table's own shape below line `i` (numbered at its start,
    /// every word read, no prose separators), as its move number and side: `None` when a
    /// heading, a players line, a separator or a result alone on its line comes first.
    fn next_table_row(&self, i: usize) -> Option<(u32, bool)> {
        /// How far the table's row may stand below line `i`.
        const REACH: usize = 80;
        for kind in self.kinds.iter().skip(i + 1).take(REACH) {
            match kind {
                LineKind::Heading(_) | LineKind::Players(_) | LineKind::Separator => return None,
                // A result alone on its line (`And wins.`, `Black resigns.`) ends the table:
                // what follows is another game's. A note's sentence that ends in one
                // (`and White wins. Black had nothing better.`) does not.
                LineKind::MoveRow(r) if r.result && r.moves == 0 && r.unknown <= 1 => return None,
                LineKind::MoveRow(r) if r.numbered && r.unknown == 0 && !r.prose_separators => {
                    return r.number;
                }
                _ => {}
            }
        }
        None
    }

    /// Row `i` reads as prose's moves (words before its first number, words that read as no
    /// move, a result word, or prose's separators: `Good. If 12. B - B 1, R - K 2; 13.
    /// Q - B 5, R x P, and White wins.`), and the next numbered row of the table's own
    /// shape goes on from where the table stands (`next`), not past the line (`12 Q - Kt
    /// 3`): the line is a note's analysis of the moves to come, not the table. So is the
    /// end of such a note over a page break (`9. Kt-Kt1, B-B4, and White wins.` before the
    /// table's `8. B-Q3`).
    fn analysis_before_row(&self, i: usize, s: RowShape, next: u32) -> bool {
        let Some((n, black)) = s.number else {
            return false;
        };
        let words_first = !s.numbered && s.lead == 0;
        let text = &self.lines[i].text;
        let prose = s.unknown > 0 || s.prose_separators || s.result || text.contains(',');
        if !words_first && !prose {
            return false;
        }
        let at = ply_of(n, black).saturating_sub(u32::from(s.lead));
        // The same move again, when the line itself stops at that move, is Black's move of
        // a table that numbers both sides' moves (`41. P. to B's 8th, becoming a Queen.`
        // over `41. K. to R's 5th.`).
        let again = words_first || s.lead > 0 || s.moves >= 2;
        self.next_table_row(i).is_some_and(|(m, b)| {
            let p = ply_of(m, b);
            // Move 1 again opens a new table.
            p > 0 && p + 1 >= next && (p < at || (p == at && again))
        })
    }

    /// A title in capitals at line `i` stands inside a game whose table goes on under it
    /// from where it stopped (a chapter's or a page's title the book set between two rows):
    /// the game's note, not the end of the game.
    fn title_inside_table(&self, i: usize) -> bool {
        self.cur.as_ref().is_some_and(|u| {
            !u.rows.is_empty()
                && !u.terminated
                && self.next_table_row(i).is_some_and(|(m, b)| {
                    let p = ply_of(m, b);
                    p + 1 >= u.next_ply && p <= u.next_ply + 1
                })
        })
    }

    /// Places line `i`, read as a row of shape `s`: a row of the open unit's table, the
    /// first row of a new one, or a note.
    fn row(&mut self, i: usize, s: RowShape) {
        if self.row_before_table(i, s) {
            return;
        }
        let prev_blank = i == 0 || self.kinds[i - 1] == LineKind::Blank;
        let prev_role = self.previous_role(i).cloned();
        let u = self.cur.as_ref().expect("a unit");
        // A table row continues the table's numbers, stands where its rows stand, and does
        // not run on from a paragraph of prose.
        // A row aligned with the table's rows is a row even right under a note.
        let aligned = s.indent.abs_diff(u.table_indent) <= 2;
        // A line that goes on with a sentence of the note right above it, at its margin
        // (`… a well-known trap. If 22.` over `... R-B2, and White wins.`), is the note's.
        let runs_on = !prev_blank
            && self.kinds[i - 1] == LineKind::Prose
            && indent_of(&self.lines[i - 1].text) == s.indent
            && sentence_open(&self.lines[i - 1].text);
        let in_paragraph = !prev_blank && prev_role == Some(Role::Note) && (!aligned || runs_on);
        let shaped = (s.indent + 4 >= u.table_indent || u.table_indent < 4)
            && (s.prose_separators == u.table_separators || !s.prose_separators);
        // A variation printed in columns (`5. K's B. takes K. B. Pawn (ch.)` after move 5
        // was read) goes on, row under row, until the main line resumes.
        if let (Some(next), Some(last), Some((n, black))) = (u.var_next, u.var_line, s.number)
            && s.numbered
            && last + 1 == i
            && ply_of(n, black) + 1 >= next
            && ply_of(n, black) <= next + 1
        {
            let u = self.cur.as_mut().expect("a unit");
            u.var_next = Some(ply_of(n, black).saturating_add(u32::from(s.moves)));
            u.var_line = Some(i);
            self.roles[i] = Role::Note;
            return;
        }
        // White's column printed whole, then Black's: one move a row, the numbers running
        // 1, 2, 3 … twice.
        if let Some((n, false)) = s.number
            && s.numbered
            && s.moves == 1
            && u.single_column
            && !u.terminated
            && prev_role != Some(Role::Note)
            && ((n == 1 && !u.second_column && u.rows.len() >= 2 && u.prev_number >= 2)
                || (u.second_column && n == u.prev_number + 1))
        {
            let u = self.cur.as_mut().expect("a unit");
            u.second_column = true;
            accept(u, i, s);
            self.roles[i] = Role::Row;
            return;
        }
        let is_row = match s.number {
            Some((1, false)) if s.numbered && (u.last_number >= 2 || u.next_ply >= 2) => {
                // A new table from move 1: a new unit, with the header over it.
                let u = self.open_under_header_block(i);
                accept(u, i, s);
                self.roles[i] = Role::Row;
                return;
            }
            _ if u.terminated
                || in_paragraph
                || !shaped
                || self.analysis_before_row(i, s, u.next_ply) =>
            {
                false
            }
            // A row that goes back over moves already read is analysis in column form; one
            // far ahead belongs elsewhere. One ply of slack: a prose move (`K. moves.`)
            // counts as no move in the row's shape.
            // A row that starts with moves before its first number (a wrapped
            // paragraph, a staggered row) stands where those moves do.
            Some((n, black)) if s.numbered || s.lead > 0 => {
                let at = ply_of(n, black).saturating_sub(u32::from(s.lead));
                let follows =
                    |next: u32| at.saturating_add(1) >= next && at <= next.saturating_add(24);
                follows(u.next_ply) || (u.far_ply > 0 && follows(u.far_ply))
            }
            _ => {
                // Right under a row; or over a page break, standing where the table's
                // unnumbered rows stand (Black's move under White's, one move a line).
                let under_row = !prev_blank && prev_role == Some(Role::Row);
                // Before the table has printed an unnumbered row, Black's first one stands
                // right of White's numbers, alone on its line, where Black is to move; in a
                // paragraph or a staggered table, a line of moves stands at the table's
                // margin or its last row's (`K R - B 1`, `Q(KN8)-KB8 ch` turned over to
                // the next page).
                let stands = match u.loose_indent {
                    Some(d) => d.abs_diff(s.indent) <= 2,
                    None if u.single_column => {
                        s.moves == 1 && u.next_ply % 2 == 1 && s.indent > u.table_indent
                    }
                    None => std::iter::once(u.table_indent)
                        .chain(
                            u.rows
                                .iter()
                                .rev()
                                .take(8)
                                .map(|&r| row_indent(&self.kinds[r])),
                        )
                        .any(|d| d.abs_diff(s.indent) <= 2),
                };
                let over_break = self.previous_content_role(i) == Some(&Role::Row) && stands;
                (under_row || over_break || self.under_number_alone(i))
                    && !s.prose_separators
                    && (s.moves <= 2 || s.result)
            }
        };
        let u = self.cur.as_mut().expect("a unit");
        if is_row {
            accept(u, i, s);
            u.var_next = None;
            self.roles[i] = Role::Row;
            return;
        }
        self.note_row(i, s, shaped);
    }

    /// Row `i`, not a row of the table: a note, and the start of a variation in columns
    /// when it is numbered back over the table (`shaped`: it stands as the table's rows do).
    fn note_row(&mut self, i: usize, s: RowShape, shaped: bool) {
        let u = self.cur.as_mut().expect("a unit");
        self.roles[i] = Role::Note;
        // A numbered row that goes back over the table starts a variation in columns.
        if let Some((n, black)) = s.number
            && s.numbered
            && shaped
            && !u.terminated
            && ply_of(n, black) + 1 < u.next_ply
        {
            u.var_next = Some(ply_of(n, black).saturating_add(u32::from(s.moves)));
            u.var_line = Some(i);
        }
    }
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
fn is_stray(u: &Draft) -> bool {
    u.heading.is_none()
        && u.events.is_empty()
        && !u.decodable
        && u.players
            .as_ref()
            .is_none_or(|p| p.white.is_none() && p.black.is_none())
}

/// The table of `next` takes up the move numbers where `prev` stopped (one ply of slack
/// either way, as for rows).
fn goes_on(prev: &Draft, next: &Draft) -> bool {
    let Some((n, black)) = next.start else {
        return false;
    };
    let at = ply_of(n, black);
    let follows = |p: u32| p > 0 && at.saturating_add(1) >= p && at <= p.saturating_add(1);
    !prev.terminated && !prev.rows.is_empty() && (follows(prev.next_ply) || follows(prev.far_ply))
}

/// Half-moves before move `n` of `black` (or White), from move 1.
pub(crate) fn ply_of(n: u32, black: bool) -> u32 {
    // Capped far below u32::MAX: absurd numbers plus a row's moves cannot overflow.
    (n.saturating_sub(1).saturating_mul(2) + u32::from(black)).min(1 << 30)
}

fn accept(u: &mut Draft, i: usize, s: RowShape) {
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
    if let Some((n, _)) = s.number
        && s.numbered
    {
        u.prev_number = n;
    }
    if u.second_column {
        // Black's column: the table's numbers and plies are White's column's.
        return;
    }
    let moves = u32::from(s.moves);
    if let (Some((n, black)), Some(second)) = (s.number, s.second) {
        // A four-column row: the left pair goes on from the left column, the right pair
        // from the right one.
        u.last_number = u.last_number.max(second.number);
        u.next_ply = u
            .next_ply
            .max(ply_of(n, black) + u32::from(second.moves_before));
        u.far_ply = u.far_ply.max(
            ply_of(second.number, second.black)
                .saturating_add(u32::from(s.moves.saturating_sub(second.moves_before))),
        );
        return;
    }
    // The ply the row starts at, from its first number and the moves before it.
    let start = |n: u32, black: bool| ply_of(n, black).saturating_sub(u32::from(s.lead));
    match s.number {
        // After a four-column block, the table goes on from its right column.
        Some((n, black)) if u.far_ply > 0 && start(n, black) + 1 >= u.far_ply => {
            u.last_number = u.last_number.max(n);
            u.next_ply = start(n, black) + moves;
            u.far_ply = 0;
        }
        // A number far ahead of the table is a misprint (`69.` for `59.`): the table
        // goes on from where it was.
        Some((n, black)) if u.rows.len() > 1 && start(n, black) > u.next_ply + 1 => {
            u.next_ply += moves;
        }
        Some((n, black)) => {
            u.last_number = u.last_number.max(n);
            u.next_ply = u.next_ply.max(start(n, black) + moves);
        }
        None => u.next_ply += moves,
    }
}

/// Groups a book's classified lines into units.
pub fn group(lines: &[Line], mut kinds: Vec<LineKind>, dialect: Dialect) -> Grouped {
    let ends = super::blocks::blocks(lines, &mut kinds, dialect);
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
        i = g.place(i, ends[i]);
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
        units: g.units,
        roles: g.roles,
        kinds: g.kinds,
    }
}

/// The placing of each kind of line.
impl Grouper<'_> {
    /// Places line `i` and the lines that go with it (`end`: the last line of the block it
    /// starts, from [`blocks`]); returns the next line to place.
    fn place(&mut self, i: usize, end: Option<usize>) -> usize {
        let kind = self.kinds[i].clone();
        // The rest of a gloss in parentheses that a row opened (`11. Castles, (_i.e._,
        // plays` … `Rook to K. B's sq.)`): a note, up to its closing parenthesis.
        if let Some(u) = self.cur.as_mut()
            && u.gloss_open
            && kind != LineKind::Blank
        {
            u.gloss_open = !self.lines[i].text.contains(')');
            self.roles[i] = Role::Note;
            return i + 1;
        }
        match kind {
            LineKind::Blank | LineKind::PageMark => {
                self.roles[i] = if self.cur.is_some() {
                    Role::Furniture
                } else {
                    Role::Skipped(outside_reason(&kind))
                };
            }
            LineKind::Separator => {
                self.close(i);
                self.roles[i] = Role::Skipped("separator");
            }
            LineKind::Heading(HeadingKind::Section) if self.title_inside_table(i) => {
                self.roles[i] = Role::Note;
            }
            LineKind::Heading(HeadingKind::Section) => {
                self.close(i);
                self.roles[i] = Role::Skipped("heading");
            }
            LineKind::Heading(hk) => return self.heading(i, hk),
            // The last line of a note's paragraph that happens to read as a column header
            // (`… an ending advantageous to` / `White.`) is the note's, not a new game's,
            // when the note's sentence runs on into it; a line that names a player
            // (`White: M. Blackburne.`) opens the next game.
            LineKind::Players(ref p)
                if self.cur.as_ref().is_some_and(|u| !u.rows.is_empty())
                    && p.white.is_none()
                    && p.black.is_none()
                    && i > 0
                    && self.roles[i - 1] == Role::Note
                    && self.kinds[i - 1] == LineKind::Prose
                    && sentence_open(&self.lines[i - 1].text) =>
            {
                self.roles[i] = Role::Note;
            }
            LineKind::Players(p) => self.players(i, p),
            LineKind::Event => match self.cur.as_mut() {
                Some(u) if u.rows.is_empty() => {
                    u.events.push(self.lines[i].text.trim().to_owned());
                    self.roles[i] = Role::Header;
                }
                Some(_) => self.roles[i] = Role::Note,
                None => self.roles[i] = Role::Skipped("header without moves"),
            },
            LineKind::Footnote { label } => return self.footnote(i, label, end.unwrap_or(i)),
            LineKind::Diagram => return self.diagram(i, end.unwrap_or(i)),
            LineKind::MoveRow(s) => {
                self.row(i, s);
                if self.roles[i] == Role::Row
                    && let Some(u) = self.cur.as_mut()
                {
                    u.gloss_open = open_gloss(&self.lines[i].text).is_some();
                }
            }
            LineKind::Prose => {
                self.roles[i] = match self.cur.as_mut() {
                    // A sentence over the table that says between whom or where the game
                    // was played is its header (`Game played between Messrs. X and Y, 1859.`).
                    Some(u) if u.rows.is_empty() && says_who_or_where(&self.lines[i].text) => {
                        u.events.push(self.lines[i].text.trim().to_owned());
                        Role::Header
                    }
                    Some(_) => Role::Note,
                    None => Role::Skipped("prose"),
                };
            }
        }
        i + 1
    }

    /// A heading at line `i` starts a unit, with the prose right under it as its
    /// continuation lines; returns the line after them.
    fn heading(&mut self, i: usize, hk: HeadingKind) -> usize {
        let n = self.lines.len();
        self.close(i);
        let mut text = self.lines[i].text.trim().to_owned();
        self.roles[i] = Role::Header;
        // Continuation lines of the heading: prose right under it.
        let mut j = i + 1;
        while j < n && j <= i + 2 && self.kinds[j] == LineKind::Prose {
            text.push(' ');
            text.push_str(self.lines[j].text.trim());
            self.roles[j] = Role::Header;
            j += 1;
        }
        let u = self.start(i);
        u.heading = Some(text);
        u.heading_kind = Some(hk);
        u.last = j - 1;
        j
    }

    /// A column header at line `i` naming the players `p`: a new unit's (or the second
    /// line of its header), and the table's first row when the names run on into moves.
    fn players(&mut self, i: usize, p: Players) {
        if self
            .cur
            .as_ref()
            .is_some_and(|u| second_column_header(u, &p, &self.lines[i].text))
        {
            // `BLACK.` over the second column of a table printed White's column whole:
            // the same table goes on, from Black's first move. A mate or a result at the
            // foot of White's column ends nothing yet.
            let u = self.cur.as_mut().expect("a unit");
            u.second_column = true;
            u.prev_number = 0;
            u.terminated = false;
            self.roles[i] = Role::Header;
            return;
        }
        // A unit that has both names already gets another's header: the first was a
        // header over no table this reader took (a game of its own).
        let named_twice = p.white.is_some()
            && self
                .cur
                .as_ref()
                .and_then(|u| u.players.as_ref())
                .is_some_and(|f| f.white.is_some() && f.black.is_some());
        // With no unit open, the sentences over the header are its game's too.
        if named_twice || self.cur.as_ref().is_none_or(|u| !u.rows.is_empty()) {
            self.open_under_header_block(i);
        }
        let u = self.start(i);
        u.players = Some(match u.players.take() {
            // `Blancas: Capablanca` and `Negras: N. N.` on lines of their own: one header,
            // whose columns are in the order of its lines.
            Some(first) => Players {
                moves_at: p.moves_at,
                black_left: first.white.is_none() && first.black.is_some(),
                white: first.white.or(p.white),
                black: first.black.or(p.black),
            },
            None => p.clone(),
        });
        u.last = i;
        self.roles[i] = Role::Header;
        if let Some(at) = p.moves_at {
            // The names run on into the moves: the line is the table's first row.
            let text = &self.lines[i].text;
            let mut shape = classify::row_shape(&header_blanked(text, at), self.dialect);
            // The row stands where the line does, not where its moves begin.
            shape.indent = u16::try_from(text.len() - text.trim_start().len()).unwrap_or(u16::MAX);
            self.row(i, shape);
        }
    }

    /// A footnote from line `i` to `to`: the open unit's, or outside every game; returns
    /// the line after it.
    fn footnote(&mut self, i: usize, label: String, to: usize) -> usize {
        let role = match self.cur.as_mut() {
            Some(u) => {
                u.footnotes.push((label, i, to));
                Role::Footnote
            }
            None => Role::Skipped("note outside a game"),
        };
        for k in i..=to {
            self.roles[k] = role.clone();
        }
        to + 1
    }

    /// A diagram from line `i` to `to`: a board in a unit if it reads, else a note (or
    /// prose outside every game); returns the line after it.
    fn diagram(&mut self, i: usize, to: usize) -> usize {
        let texts: Vec<&str> = self.lines[i..=to].iter().map(|l| l.text.as_str()).collect();
        let role = match diagram::parse(&texts, self.dialect) {
            Ok(board) => {
                let u = self.start(i);
                u.diagrams.push((i, to, board));
                Role::Diagram
            }
            Err(_) if self.cur.is_some() => Role::Note,
            Err(_) => Role::Skipped("prose"),
        };
        for k in i..=to {
            self.roles[k] = role.clone();
        }
        to + 1
    }
}

/// A line short enough for a header block: 16 words, or 30 when it names the players
/// (`Partida jugada entre los señores Capt. G. P. Hisson y I. Lasson, 17 de marzo de 1865.`).
fn header_sized(text: &str) -> bool {
    let words = text.split_whitespace().count();
    words <= 16 || words <= 30 && crate::header::between_players(text).is_some()
}

/// The word for Black that heads Black's column.
const BLACK_WORDS: [&str; 6] = ["black", "negras", "pretas", "noirs", "schwarz", "nero"];

/// A column header of Black's word alone (`BLACK.`, `NEGRAS.`) under a table that so far
/// is one column of numbered rows of one move each from a White move (move 1, or where a
/// heading the text does not give as furniture cut White's column, the part joined later),
/// up to move 2 or later (a result at its foot or not): the header of Black's column,
/// printed after White's whole.
fn second_column_header(u: &Draft, p: &Players, text: &str) -> bool {
    let lower = classify::blank_ocr_marks(text).to_lowercase();
    let mut words = lower
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty());
    let blacks_word =
        words.next().is_some_and(|w| BLACK_WORDS.contains(&w)) && words.next().is_none();
    blacks_word
        && p.white.is_none()
        && p.black.is_none()
        && p.moves_at.is_none()
        && u.loose_indent.is_none()
        && u.single_column
        && !u.second_column
        && u.start
            .is_some_and(|(n, black)| !black && (n >= 2 || u.rows.len() >= 2))
        && u.prev_number >= 2
}

/// A sentence that names the players (`between X and Y`) or the place (`Played at …`).
fn says_who_or_where(text: &str) -> bool {
    let lower = text.to_lowercase();
    crate::header::between_players(text).is_some()
        || classify::PLACE_WORDS.iter().any(|w| lower.contains(w))
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
