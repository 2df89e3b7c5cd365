//! The placing of each kind of line: headings, players, footnotes and diagrams, and the
//! lines that go with them.

use super::*;

/// The placing of each kind of line.
impl Grouper<'_> {
    /// Places line `i` and the lines that go with it (`block`: the block it starts, from
    /// [`blocks`]); returns the next line to place.
    pub(super) fn place(&mut self, i: usize, block: Option<Block>) -> usize {
        let kind = self.kinds[i].clone();
        // The rest of a gloss in parentheses that a row opened (`11. Castles, (_i.e._,
        // plays` … `Rook to K. B's sq.)`): a note, up to its closing parenthesis.
        if let Some(u) = self.cur.as_mut()
            && u.gloss_open
            && kind != LineKind::Blank
        {
            u.gloss_open = !self.traits[i].closes_paren;
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
                    && self.traits[i - 1].sentence_open =>
            {
                self.roles[i] = Role::Note;
            }
            LineKind::Players(p) => self.players(i, p),
            LineKind::Event => self.event(i),
            LineKind::Footnote { .. } => {
                let to = block.map_or(i, |b| b.to());
                return self.footnote(i, to);
            }
            LineKind::Diagram => return self.diagram(i, block),
            LineKind::MoveRow(s) => {
                self.row(i, s);
                if self.roles[i] == Role::Row
                    && let Some(u) = self.cur.as_mut()
                {
                    u.gloss_open = self.traits[i].opens_gloss;
                }
            }
            LineKind::Prose => {
                self.roles[i] = match self.cur.as_mut() {
                    // A sentence over the table that says between whom or where the game
                    // was played is its header (`Game played between Messrs. X and Y, 1859.`).
                    Some(u) if u.rows.is_empty() && self.traits[i].who_or_where => {
                        u.events.push(printed(&self.lines[i]));
                        Role::Header
                    }
                    Some(_) => Role::Note,
                    None => Role::Skipped("prose"),
                };
            }
        }
        i + 1
    }

    /// An event line at `i`: the open unit's header before its rows, a note after them.
    pub(super) fn event(&mut self, i: usize) {
        match self.cur.as_mut() {
            Some(u) if u.rows.is_empty() => {
                u.events.push(printed(&self.lines[i]));
                self.roles[i] = Role::Header;
            }
            Some(_) => self.roles[i] = Role::Note,
            None => self.roles[i] = Role::Skipped("header without moves"),
        }
    }

    /// A heading at line `i` starts a unit, with the prose right under it as its
    /// continuation lines; returns the line after them.
    pub(super) fn heading(&mut self, i: usize, hk: HeadingKind) -> usize {
        let n = self.lines.len();
        self.close(i);
        let mut text = printed(&self.lines[i]);
        self.roles[i] = Role::Header;
        // Continuation lines of the heading: prose right under it.
        let mut j = i + 1;
        while j < n && j <= i + 2 && self.kinds[j] == LineKind::Prose {
            text.push(' ');
            text.push_str(&printed(&self.lines[j]));
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
    pub(super) fn players(&mut self, i: usize, p: Players) {
        if self
            .cur
            .as_ref()
            .is_some_and(|u| second_column_header(u, &p, self.traits[i].blacks_word_alone))
        {
            // `BLACK.` over the second column of a table printed White's column whole:
            // the same table goes on, from Black's first move. A mate or a result at the
            // foot of White's column ends nothing yet.
            let u = self.cur.as_mut().expect("a unit");
            if let (Some(black), Some(players)) = (&p.black, u.players.as_mut()) {
                players.black = Some(black.clone());
            }
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
        if let Some(shape) = self.traits[i].moves_after_names {
            // The names run on into the moves: the line is the table's first row.
            self.row(i, shape);
        }
    }

    /// A footnote from line `i` to `to`: the open unit's, or outside every game; returns
    /// the line after it.
    pub(super) fn footnote(&mut self, i: usize, to: usize) -> usize {
        let role = match self.cur.as_mut() {
            Some(u) => {
                u.footnotes.push(FootnoteLines { first: i, last: to });
                Role::Footnote
            }
            None => Role::Skipped("note outside a game"),
        };
        for k in i..=to {
            self.roles[k] = role.clone();
        }
        to + 1
    }

    /// A diagram from line `i` to the end of its `block`, as [`blocks`] read it: a board in
    /// a unit if it reads, else a note (or prose outside every game); returns the line
    /// after it.
    pub(super) fn diagram(&mut self, i: usize, block: Option<Block>) -> usize {
        let (to, read) = match block {
            Some(Block::Diagram { to, diagram }) => (to, Some(diagram)),
            Some(Block::Footnote { to }) => (to, None),
            None => (i, None),
        };
        let role = match read {
            Some(d) => {
                let u = self.start(i);
                u.diagrams.push((i, to, d));
                Role::Diagram
            }
            None if self.cur.is_some() => Role::Note,
            None => Role::Skipped("prose"),
        };
        for k in i..=to {
            self.roles[k] = role.clone();
        }
        to + 1
    }
}
