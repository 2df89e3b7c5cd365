//! The rows of a table: where a row goes (the unit it goes on, a new unit, a variation in
//! columns, a note), and how a unit closes.

use super::*;
use escriba_resolve::shakmaty::Color;

impl Grouper<'_> {
    pub(super) fn close(&mut self, before: usize) {
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
                    && opens_at(self.traits[k].opens_with, u.next_ply)
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
                            && !self.traits[k].comma
                            && indents.contains(&r.indent)
                            && r.number.is_some_and(|n| {
                                let at = n.ply().saturating_sub(u32::from(r.lead));
                                at > u.next_ply && at <= u.next_ply + 4
                            }))
                });
            }
        }
        if u.players.is_none()
            && let Some(h) = &u.unit.heading
        {
            u.unit.players = players_in(h, self.dialect);
        }
        u.kind = self.kind_of(&u);
        let from_diagram = u
            .diagrams
            .first()
            .is_some_and(|d| u.rows.first().is_some_and(|&r| d.1 < r));
        let from_start = u.start.is_some_and(|n| n.number == 1);
        u.decodable = from_start || from_diagram;
        if !u.decodable {
            u.skip_reason = Some("moves from a position the text does not give");
        }
        self.units.push(u);
    }

    /// A game or a fragment: a numbered game heading or named players make a game, an
    /// analysis heading or title a fragment; otherwise a table from move 1 that ends in a
    /// result or runs to move 15 is a game.
    pub(super) fn kind_of(&self, u: &Cursor) -> UnitKind {
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
            _ if u.start == Some(MoveNo::new(1, false)) && self.introduced_as_a_game(u.first) => {
                UnitKind::Game
            }
            _ => {
                let from_start = u.start == Some(MoveNo::new(1, false));
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
    pub(super) fn join_continuations(&mut self) {
        let mut units: Vec<Cursor> = Vec::with_capacity(self.units.len());
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
                prev.last = u.last;
                // What was left unread after the first part is read in the second.
                prev.unread_after = u.unread_after;
                prev.terminated = u.terminated;
                prev.last_number = prev.last_number.max(u.last_number);
                prev.next_ply = u.next_ply;
                prev.far_ply = u.far_ply;
                prev.rows.extend(u.unit.rows);
                prev.footnotes.extend(u.unit.footnotes);
                prev.diagrams.extend(u.unit.diagrams);
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
                && u.start.is_some_and(|n| n.ply() > prev.next_ply + 1)
            {
                // The unit's first row stands ahead of the table, but a later line of it
                // takes the table up (the first row was a note's moves, or a row from
                // further on): the game is not complete.
                prev.unread_after = (u.first..=u.last).find(|&k| {
                    matches!(self.roles[k], Role::Row | Role::Note)
                        && opens_at(self.traits[k].opens_with, prev.next_ply)
                });
            }
            units.push(u);
        }
        self.units = units;
    }

    /// Closes the unit at hand and opens the next at line `i`, or at the block of short
    /// lines right above it that says who played, where, or at what odds: those lines are
    /// the next game's header, not the last one's notes.
    pub(super) fn open_under_header_block(&mut self, i: usize) -> &mut Cursor {
        let from = self.header_block_above(i);
        self.close(from);
        let mut events = Vec::new();
        for k in from..i {
            if matches!(self.kinds[k], LineKind::Blank | LineKind::PageMark) {
                self.roles[k] = Role::Furniture;
                continue;
            }
            self.roles[k] = Role::Header;
            if self.kinds[k] == LineKind::Event || self.traits[k].event_word {
                events.push(printed(&self.lines[k]));
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
    pub(super) fn header_block_above(&self, i: usize) -> usize {
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
    pub(super) fn header_lines_above(&self, i: usize, floor: usize, strong: bool) -> Option<usize> {
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
            && self.traits[k - 1].header_sized
        {
            k -= 1;
        }
        let apart = k == floor || matches!(self.kinds[k - 1], LineKind::Blank | LineKind::PageMark);
        let cue = (k..end).any(|j| {
            let t = &self.traits[j];
            let said = if strong {
                t.between_players
            } else {
                t.header_word
            };
            self.kinds[j] == LineKind::Event || said || t.odds
        });
        (k < end && apart && cue).then_some(k)
    }

    /// A title just above line `first` (over blank lines, a subtitle and a bare column
    /// header) that names an opening or a variation (`SECOND VARIATION OF THIS ATTACK.`,
    /// `COUNTER GAMBIT IN THE KNIGHT'S OPENING.`): what follows is analysis.
    pub(super) fn under_analysis_title(&self, first: usize) -> bool {
        for k in (first.saturating_sub(8)..first).rev() {
            match &self.kinds[k] {
                LineKind::Blank | LineKind::Prose | LineKind::Players(_) => {}
                LineKind::Heading(HeadingKind::Section) => return self.traits[k].opening_title,
                _ => return false,
            }
        }
        false
    }

    /// The line above line `first` (over blank lines) is a short line of prose that
    /// announces a game: it names one and ends with a colon, or is a few words only.
    pub(super) fn introduced_as_a_game(&self, first: usize) -> bool {
        let Some(k) = (0..first).rev().find(|&k| self.kinds[k] != LineKind::Blank) else {
            return false;
        };
        self.kinds[k] == LineKind::Prose && self.traits[k].announces_game
    }

    pub(super) fn start(&mut self, i: usize) -> &mut Cursor {
        self.cur.get_or_insert_with(|| Cursor::new(i))
    }

    /// The line before `i` that is not blank, if it belongs to the current unit.
    pub(super) fn previous_role(&self, i: usize) -> Option<&Role> {
        let u = self.cur.as_ref()?;
        (u.first..i)
            .rev()
            .find(|&k| self.kinds[k] != LineKind::Blank)
            .map(|k| &self.roles[k])
    }

    /// The line before `i` that is neither blank nor page furniture (a page number, a
    /// running head, a separator), if it belongs to the current unit.
    pub(super) fn previous_content(&self, i: usize) -> Option<usize> {
        let u = self.cur.as_ref()?;
        (u.first..i).rev().find(|&k| {
            !matches!(
                self.kinds[k],
                LineKind::Blank | LineKind::PageMark | LineKind::Separator
            )
        })
    }

    /// The role of [`Self::previous_content`].
    pub(super) fn previous_content_role(&self, i: usize) -> Option<&Role> {
        self.previous_content(i).map(|k| &self.roles[k])
    }

    /// The line before `i` that is neither blank nor page furniture is a row of the current
    /// unit that holds a move number and no move (`7.` alone, one token a line): the moves
    /// under it are its, over a page break too.
    pub(super) fn under_number_alone(&self, i: usize) -> bool {
        self.previous_content(i).is_some_and(|k| {
            self.roles[k] == Role::Row
                && matches!(self.kinds[k], LineKind::MoveRow(r) if r.numbered && r.moves == 0 && !r.result)
        })
    }

    /// Row `i` where no table is under way: with no unit open (a new unit's first row
    /// when numbered, else moves in prose), a unit's first row, or the second line of a
    /// page-break block. Returns whether the row was placed so.
    pub(super) fn row_before_table(&mut self, i: usize, s: RowShape) -> bool {
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
        if i > 0 && self.roles[i - 1] == Role::Row && self.traits[i - 1].opens_block {
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
    pub(super) fn next_table_row(&self, i: usize) -> Option<MoveNo> {
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
    pub(super) fn analysis_before_row(&self, i: usize, s: RowShape, next: u32) -> bool {
        let Some(n) = s.number else {
            return false;
        };
        let words_first = !s.numbered && s.lead == 0;
        let prose = s.unknown > 0 || s.prose_separators || s.result || self.traits[i].comma;
        if !words_first && !prose {
            return false;
        }
        let at = n.ply().saturating_sub(u32::from(s.lead));
        // The same move again, when the line itself stops at that move, is Black's move of
        // a table that numbers both sides' moves (`41. P. to B's 8th, becoming a Queen.`
        // over `41. K. to R's 5th.`).
        let again = words_first || s.lead > 0 || s.moves >= 2;
        self.next_table_row(i).is_some_and(|m| {
            let p = m.ply();
            // Move 1 again opens a new table.
            p > 0 && p + 1 >= next && (p < at || (p == at && again))
        })
    }

    /// A title in capitals at line `i` stands inside a game whose table goes on under it
    /// from where it stopped (a chapter's or a page's title the book set between two rows):
    /// the game's note, not the end of the game.
    pub(super) fn title_inside_table(&self, i: usize) -> bool {
        self.cur.as_ref().is_some_and(|u| {
            !u.rows.is_empty()
                && !u.terminated
                && self.next_table_row(i).is_some_and(|m| {
                    let p = m.ply();
                    p + 1 >= u.next_ply && p <= u.next_ply + 1
                })
        })
    }

    /// Places line `i`, read as a row of shape `s`: a row of the open unit's table, the
    /// first row of a new one, or a note.
    pub(super) fn row(&mut self, i: usize, s: RowShape) {
        if self.row_before_table(i, s) {
            return;
        }
        let prev_blank = i == 0 || self.kinds[i - 1] == LineKind::Blank;
        let prev_role = self.previous_role(i).cloned();
        if self.variation_in_columns(i, s) || self.second_column(i, s, prev_role.as_ref()) {
            return;
        }
        let u = self.cur.as_ref().expect("a unit");
        // A table row continues the table's numbers, stands where its rows stand, and does
        // not run on from a paragraph of prose.
        // A row aligned with the table's rows is a row even right under a note.
        let aligned = s.indent.abs_diff(u.table_indent) <= 2;
        // A line that goes on with a sentence of the note right above it, at its margin
        // (`… a well-known trap. If 22.` over `... R-B2, and White wins.`), is the note's.
        let runs_on = !prev_blank
            && self.kinds[i - 1] == LineKind::Prose
            && self.traits[i - 1].indent == s.indent
            && self.traits[i - 1].sentence_open;
        let in_paragraph = !prev_blank && prev_role == Some(Role::Note) && (!aligned || runs_on);
        let shaped = (s.indent + 4 >= u.table_indent || u.table_indent < 4)
            && (s.prose_separators == u.table_separators || !s.prose_separators);
        let is_row = match s.number {
            Some(MoveNo {
                number: 1,
                side: Color::White,
            }) if s.numbered && (u.last_number >= 2 || u.next_ply >= 2) => {
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
            Some(n) if s.numbered || s.lead > 0 => {
                let at = n.ply().saturating_sub(u32::from(s.lead));
                let follows =
                    |next: u32| at.saturating_add(1) >= next && at <= next.saturating_add(24);
                follows(u.next_ply) || (u.far_ply > 0 && follows(u.far_ply))
            }
            _ => self.unnumbered_row(i, s, prev_blank, prev_role.as_ref()),
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

    /// A variation printed in columns (row `i`, of shape `s`) goes on: a note. True when
    /// row `i` is one.
    fn variation_in_columns(&mut self, i: usize, s: RowShape) -> bool {
        let u = self.cur.as_ref().expect("a unit");
        // A variation printed in columns (`5. K's B. takes K. B. Pawn (ch.)` after move 5
        // was read) goes on, row under row, until the main line resumes.
        if let (Some(next), Some(last), Some(n)) = (u.var_next, u.var_line, s.number)
            && s.numbered
            && last + 1 == i
            && n.ply() + 1 >= next
            && n.ply() <= next + 1
        {
            let u = self.cur.as_mut().expect("a unit");
            u.var_next = Some(n.ply().saturating_add(u32::from(s.moves)));
            u.var_line = Some(i);
            self.roles[i] = Role::Note;
            return true;
        }
        false
    }

    /// Row `i` (of shape `s`) is a row of Black's column, printed whole after White's.
    /// True when it is one.
    fn second_column(&mut self, i: usize, s: RowShape, prev_role: Option<&Role>) -> bool {
        let u = self.cur.as_ref().expect("a unit");
        // White's column printed whole, then Black's: one move a row, the numbers running
        // 1, 2, 3 … twice.
        if let Some(MoveNo {
            number: n,
            side: Color::White,
        }) = s.number
            && s.numbered
            && s.moves == 1
            && u.single_column
            && !u.terminated
            && prev_role != Some(&Role::Note)
            && ((n == 1 && !u.second_column && u.rows.len() >= 2 && u.prev_number >= 2)
                || (u.second_column && n == u.prev_number + 1))
        {
            let u = self.cur.as_mut().expect("a unit");
            u.second_column = true;
            accept(u, i, s);
            self.roles[i] = Role::Row;
            return true;
        }
        false
    }

    /// Row `i` (of shape `s`), with no number at its start and no moves before one, stands
    /// as a row of the open unit's table: right under a row, or over a page break where
    /// the table's unnumbered rows stand.
    fn unnumbered_row(
        &self,
        i: usize,
        s: RowShape,
        prev_blank: bool,
        prev_role: Option<&Role>,
    ) -> bool {
        let u = self.cur.as_ref().expect("a unit");
        // Right under a row; or over a page break, standing where the table's
        // unnumbered rows stand (Black's move under White's, one move a line).
        let under_row = !prev_blank && prev_role == Some(&Role::Row);
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

    /// Row `i`, not a row of the table: a note, and the start of a variation in columns
    /// when it is numbered back over the table (`shaped`: it stands as the table's rows do).
    pub(super) fn note_row(&mut self, i: usize, s: RowShape, shaped: bool) {
        let u = self.cur.as_mut().expect("a unit");
        self.roles[i] = Role::Note;
        // A numbered row that goes back over the table starts a variation in columns.
        if let Some(n) = s.number
            && s.numbered
            && shaped
            && !u.terminated
            && n.ply() + 1 < u.next_ply
        {
            u.var_next = Some(n.ply().saturating_add(u32::from(s.moves)));
            u.var_line = Some(i);
        }
    }
}
