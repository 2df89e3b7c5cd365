//! One game through the resolver: dialect choice, start position, decoding, and the
//! record every output is written from.

pub mod claims;
#[cfg(test)]
mod claims_prop;
pub mod hint;
mod items;
mod main_line;
pub mod record;

pub use hint::SourceNotation;
pub use items::comment_safe;
pub use record::{Failure, GameResult, GameStatus, GameText, Issue, Item, PlyRecord, TokenCounts};

use escriba_notation::detect::{self, auto_candidates, detect_top};
use escriba_notation::{Dialect, Termination, Token, movetext};
use escriba_resolve::diagnose::diagnose;
use escriba_resolve::identity::Origins;
use escriba_resolve::shakmaty::{Chess, Color, Position};
use escriba_resolve::{Decoded, Diagnostic, Game, Pin, Ply, decode, decode_pinned, start_position};

use self::claims::Ledger;
pub use self::claims::{count_move_tokens, is_move_token, semicolon_moves};
use self::items::Builder;
use self::main_line::{
    first_move_number, main_line_has_moves, printed_result, result_from_tag, structural_stop,
};
use crate::choice::Notation;
use crate::config::Config;
use crate::corrections::Correction;
use crate::segment::Segment;
use escriba_book::checks::{self, DiagramTally};
use escriba_book::notes::note_variations;
use escriba_book::{AlternateRole, NoteVariations, UnitDialects, UnitKind};
use escriba_notation::tags::Tags;
use escriba_source::LineMap;

/// One dialect's attempt at a game.
struct Attempt {
    dialect: Dialect,
    tokens: Vec<Token>,
    decoded: Decoded,
    /// The decoder's failure, or the first unread token after the last ply: the decoder
    /// passes over unread text as junk, but text it never read at the end of a game means
    /// the game stopped there.
    failure: Option<Diagnostic>,
    order: usize,
    /// The corrections pinned in this reading.
    pins: Vec<Pin>,
}

impl Attempt {
    fn complete(&self) -> bool {
        self.failure.is_none()
    }

    /// Complete with no flagged ply: no other dialect is tried.
    fn perfect(&self) -> bool {
        self.complete() && self.flagged() == 0
    }

    fn flagged(&self) -> usize {
        self.decoded
            .plies
            .iter()
            .filter(|p| p.status.is_flagged())
            .count()
            + usize::from(!self.complete())
    }

    /// Lower is better: complete first, then (for partial games) more plies read, then
    /// the dialect `prefer` (the source's), fewer flagged plies, lower cost, and the order
    /// of [`Dialect::ALL`]. Another dialect reads a game of the source better only when it
    /// reads further: dialects that share most words (Spanish and Italian descriptive)
    /// read a damaged game as far, and the one that flags fewer of its plies may read a
    /// damaged word as another move, unflagged.
    fn key(&self, prefer: Option<Dialect>) -> (bool, usize, bool, usize, u32, usize) {
        let behind = if self.complete() {
            0
        } else {
            usize::MAX - self.decoded.plies.len()
        };
        (
            !self.complete(),
            behind,
            prefer.is_some_and(|d| d != self.dialect),
            self.flagged(),
            self.decoded.cost,
            self.order,
        )
    }
}

/// The pins of a game's corrections: each correction whose line, column and token text
/// match a move token (or an unread word) of `tokens`.
fn pins_of(fixes: &Fixes<'_>, text: &str, tokens: &[Token]) -> Vec<Pin> {
    if fixes.list.is_empty() {
        return Vec::new();
    }
    tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| is_move_token(&t.kind))
        .filter_map(|(i, t)| {
            let (line, column) = fixes.map.locate(text, t.span.start as usize);
            let printed = &text[t.span.range()];
            fixes
                .list
                .iter()
                .find(|c| c.line == line && c.column == column && c.token == printed)
                .map(|c| Pin {
                    token: i,
                    mv: c.mv.clone(),
                })
        })
        .collect()
}

/// A game's corrections, with the line map of the reading they are matched in.
struct Fixes<'a> {
    list: &'a [&'a Correction],
    map: LineMap,
}

impl<'a> Fixes<'a> {
    /// The corrections `list`, matched in `reading` (whose text starts at `first_line`).
    fn new(list: &'a [&'a Correction], reading: &Reading<'_>, first_line: usize) -> Fixes<'a> {
        let map = if list.is_empty() {
            LineMap::new("", 1)
        } else if reading.numbers.is_empty() {
            LineMap::new(reading.text, first_line)
        } else {
            LineMap::with_numbers(reading.text, reading.numbers.to_vec())
        };
        Fixes { list, map }
    }
}

fn try_dialect(
    dialect: Dialect,
    order: usize,
    text: &str,
    start: &Chess,
    opts: &escriba_resolve::Options,
    fixes: &Fixes<'_>,
) -> Attempt {
    let tokens = movetext::tokenize(dialect, text);
    try_tokens(dialect, order, text, tokens, start, opts, fixes)
}

/// [`try_dialect`] with `text` already read into `tokens` in `dialect`.
fn try_tokens(
    dialect: Dialect,
    order: usize,
    text: &str,
    tokens: Vec<Token>,
    start: &Chess,
    opts: &escriba_resolve::Options,
    fixes: &Fixes<'_>,
) -> Attempt {
    let game = Game {
        text,
        tokens: &tokens,
        dialect,
        start: start.clone(),
    };
    let pins = pins_of(fixes, text, &tokens);
    let mut decoded = if pins.is_empty() {
        decode(&game, opts)
    } else {
        decode_pinned(&game, opts, &pins)
    };
    // Unread words a correction made moves are read.
    if !pins.is_empty() {
        let read: Vec<usize> = decoded.plies.iter().map(|p| p.token).collect();
        decoded.unread.retain(|t| !read.contains(t));
    }
    let mut failure = decoded.failure.clone();
    if failure.is_none() {
        let read_to = decoded.plies.last().map_or(0, |p| p.span.end);
        if let Some(&tok) = decoded
            .unread
            .iter()
            .find(|&&t| tokens[t].span.start >= read_to)
        {
            let mut pos = start.clone();
            let mut origins = Origins::new(pos.board());
            for p in &decoded.plies {
                origins.play(p.mv);
                pos.play_unchecked(p.mv);
            }
            failure = Some(diagnose(&game, &pos, &origins, tok, decoded.plies.len()));
        }
    }
    if failure.is_none()
        && let Some((tok, message)) = structural_stop(dialect, text, &tokens)
    {
        let mut pos = start.clone();
        let mut origins = Origins::new(pos.board());
        for p in &decoded.plies {
            origins.play(p.mv);
            pos.play_unchecked(p.mv);
        }
        let mut d = diagnose(&game, &pos, &origins, tok, decoded.plies.len());
        d.message = message;
        failure = Some(d);
    }
    Attempt {
        dialect,
        tokens,
        decoded,
        failure,
        order,
        pins,
    }
}

fn result_of(
    term: Option<Termination>,
    complete: bool,
    decoded: &Decoded,
    tags: &Tags,
) -> &'static str {
    let turn = decoded.final_position.turn();
    let from_term = match term {
        Some(Termination::WhiteWins) => Some("1-0"),
        Some(Termination::BlackWins) => Some("0-1"),
        Some(Termination::Draw) => Some("1/2-1/2"),
        // The side to move gave up.
        Some(Termination::Resigns) if complete => Some(match turn {
            Color::White => "0-1",
            Color::Black => "1-0",
        }),
        // The side that just moved wins.
        Some(Termination::Wins) if complete && !decoded.plies.is_empty() => Some(match turn {
            Color::White => "0-1",
            Color::Black => "1-0",
        }),
        _ => None,
    };
    from_term.unwrap_or_else(|| match result_from_tag(tags) {
        // Nothing printed: a complete game that ends in mate or stalemate says it itself.
        "*" if complete && !decoded.plies.is_empty() => {
            let end = &decoded.final_position;
            if end.is_checkmate() {
                match turn {
                    Color::White => "0-1",
                    Color::Black => "1-0",
                }
            } else if end.is_stalemate() {
                "1/2-1/2"
            } else {
                "*"
            }
        }
        tagged => tagged,
    })
}

/// One reading of a game's text: the text, its line map, where it starts, the dialects
/// to try, and what it is to the segment's own text (`None`: it is that text).
struct Reading<'a> {
    text: &'a str,
    numbers: &'a [usize],
    start: escriba_resolve::shakmaty::Chess,
    dialects: Vec<Dialect>,
    /// A book unit's dialects when `dialects` holds the book's own alone: the others are
    /// ranked on the unit's rows only when that one does not read the reading perfectly.
    more: Option<&'a UnitDialects>,
    role: Option<AlternateRole>,
}

/// The best attempt of each reading, in order, trying each reading's dialects until one
/// reads it perfectly. Stops after a reading read perfectly, unless every reading must be
/// read (a second notation to check against the first, or both column orders).
///
/// `first`: an attempt made already at the first reading (its dialect, its tokens and,
/// once decoded, its replay), used instead of trying that dialect again. `prefer`: the
/// source's dialect ([`Attempt::key`]); an attempt in it that reads the game to its end
/// is not bettered, and no other dialect is tried after it.
fn attempt_readings(
    readings: &[Reading<'_>],
    fixes: &[&Correction],
    first_line: usize,
    opts: &escriba_resolve::Options,
    (mut first, prefer): (Option<Made>, Option<Dialect>),
) -> Vec<Option<Attempt>> {
    let check = readings
        .iter()
        .any(|r| r.role == Some(AlternateRole::Check));
    let two_orders = readings
        .iter()
        .any(|r| r.role == Some(AlternateRole::Order));
    let mut attempts: Vec<Option<Attempt>> = Vec::with_capacity(readings.len());
    // A book unit's dialects once ranked, for every reading that needs them.
    let mut ranked: Option<Vec<Dialect>> = None;
    for (k, reading) in readings.iter().enumerate() {
        let fixes = Fixes::new(fixes, reading, first_line);
        let mut best: Option<Attempt> = None;
        let mut i = 0;
        while let Some(&d) = match (i, reading.more) {
            (1.., Some(more)) => ranked.get_or_insert_with(|| more.ranked()).get(i),
            _ => reading.dialects.get(i),
        } {
            i += 1;
            let order = Dialect::ALL
                .iter()
                .position(|&x| x == d)
                .unwrap_or(usize::MAX);
            let a = match first.take_if(|m| k == 0 && m.dialect() == d) {
                Some(Made::Decoded(a)) => *a,
                Some(Made::Tokens(_, tokens)) => {
                    try_tokens(d, order, reading.text, tokens, &reading.start, opts, &fixes)
                }
                None => try_dialect(d, order, reading.text, &reading.start, opts, &fixes),
            };
            let unbettered = a.perfect() || (prefer == Some(d) && a.complete());
            if best.as_ref().is_none_or(|b| a.key(prefer) < b.key(prefer)) {
                best = Some(a);
            }
            if unbettered {
                break;
            }
        }
        let perfect = best.as_ref().is_some_and(Attempt::perfect);
        attempts.push(best);
        // Columns printed Black first are read both ways even when the first reads
        // perfectly: a game that replays either way must say so.
        if perfect && !check && !two_orders {
            break;
        }
    }
    attempts
}

/// Work done on a game's first reading before [`attempt_readings`]: its text read in one
/// dialect, or that reading decoded too.
enum Made {
    /// The tokens of the text in this dialect.
    Tokens(Dialect, Vec<Token>),
    /// The whole attempt.
    Decoded(Box<Attempt>),
}

impl Made {
    fn dialect(&self) -> Dialect {
        match self {
            Made::Tokens(d, _) => *d,
            Made::Decoded(a) => a.dialect,
        }
    }
}

/// Processes one game: picks the dialect, decodes, and records everything the outputs need.
///
/// Each game is read on its own: under `--notation auto` it ranks the dialects itself. A
/// source's games are read with [`process_game_in`] and the dialect of their
/// [`SourceNotation`] instead.
pub fn process_game(game: &GameText, cfg: &Config) -> GameResult {
    process_game_in(game, cfg, None)
}

/// [`process_game`] for a game of a source read in `hint` ([`SourceNotation::hint`]):
/// under `--notation auto`, a game that ranks its own dialects ([`hint::ranks_itself`]) is
/// read in `hint` when its first words read as moves in it ([`escriba_notation::detect::confirms`]), or all
/// but a few ([`escriba_notation::detect::mostly_reads`]), and it replays to its end in it (complete; its
/// flagged plies are the text's damage); else it ranks the dialects as [`process_game`]
/// does, keeping `hint` unless another dialect reads the game further. `None`: as
/// [`process_game`].
pub fn process_game_in(game: &GameText, cfg: &Config, hint: Option<Dialect>) -> GameResult {
    process_with_tags(game, game.segment.tags.clone(), cfg, hint)
}

/// [`process_game_in`] for a game the caller gives up: its tags are moved into the
/// record, not copied.
pub(crate) fn process_game_owned(
    mut game: GameText,
    cfg: &Config,
    hint: Option<Dialect>,
) -> GameResult {
    let tags = std::mem::take(&mut game.segment.tags);
    process_with_tags(&game, tags, cfg, hint)
}

/// [`process_game_in`] with the game's `tags` given: the segment's own are not read.
/// Two steps: choosing a reading ([`choose_reading`]), then recording it
/// ([`record_chosen`]).
fn process_with_tags(
    game: &GameText,
    mut tags: Tags,
    cfg: &Config,
    hint: Option<Dialect>,
) -> GameResult {
    let seg = &game.segment;
    let mut out = new_record(game);

    // A game cut at the size limit is not read: its text is incomplete.
    if let Some(n) = seg.notes.iter().find(|n| n.fatal) {
        return cut_at_size_limit(out, tags, game, n);
    }
    let fen_given = tags.get("FEN").is_some();
    let start = match start_position(tags.get("FEN"), false) {
        Ok(p) => p,
        Err(e) => {
            // A FEN other readers would reject is not written back: it moves to a tag of
            // its own, and the game's text and result are kept.
            if let Some(fen) = tags.remove("FEN") {
                tags.remove("SetUp");
                tags.set("EscribaBadFEN", fen);
            }
            not_read(&mut out, tags, game, seg.line, 1, e.to_string());
            return out;
        }
    };
    match choose_reading(game, &tags, fen_given, start, cfg, hint) {
        Choice::NotRead(line, column, message) => {
            not_read(&mut out, tags, game, line, column, message)
        }
        Choice::Unread => {
            out.movetext = seg.movetext.clone();
            finish_tags(&mut out, tags, game);
        }
        Choice::Chosen {
            readings,
            chosen,
            opts,
        } => record_chosen(&mut out, chosen, &readings, &opts, tags, game, cfg),
    }
    out
}

/// How choosing a game's reading ended. (One per game, on the stack: boxing the large
/// variant would cost an allocation per game.)
#[allow(clippy::large_enum_variant)]
enum Choice<'a> {
    /// Not read: the game starts after move 1 with no position given (where, and why).
    NotRead(usize, usize, String),
    /// No reading had a dialect to try.
    Unread,
    /// The reading chosen among `readings`, and the decoder's options it was read with.
    Chosen {
        readings: Vec<Reading<'a>>,
        chosen: Chosen,
        opts: escriba_resolve::Options,
    },
}

/// Chooses the reading of `game` from `start`: the dialects to try, the readings of its
/// text (as printed, in the other column order, a second notation), and the best attempt.
fn choose_reading<'a>(
    game: &'a GameText,
    tags: &Tags,
    fen_given: bool,
    start: Chess,
    cfg: &Config,
    hint: Option<Dialect>,
) -> Choice<'a> {
    let seg = &game.segment;
    let book = seg.book.as_deref();
    let Candidates {
        dialects,
        confirmed,
        first,
        prefer,
        book_ranked,
    } = candidates(seg, tags, cfg, hint);
    // A game that starts after move 1 with no position given is not replayed from the
    // standard start: its moves are from a position the text does not give.
    if !fen_given
        && book.is_none()
        && let Some((line, column, message)) = unnumbered_start(seg, &dialects)
    {
        return Choice::NotRead(line, column, message);
    }
    let more = book.filter(|_| book_ranked).map(|b| &b.dialects);
    let mut readings = readings_of(seg, start, dialects, more);
    // A book's fragment is read as printed: analysis that needs repairs is not worth the
    // search, and a wrong repair in it would go unseen.
    let opts = match book {
        Some(b) if b.kind == UnitKind::Fragment => escriba_resolve::Options {
            repair: false,
            ..cfg.decoder
        },
        _ => cfg.decoder,
    };
    // The proofreader's corrections for this source.
    let fixes: Vec<&Correction> = cfg
        .corrections
        .as_deref()
        .map(|c| c.for_source(&game.source).collect())
        .unwrap_or_default();
    let reread = Reread {
        seg,
        cfg,
        hint,
        confirmed,
        prefer,
    };
    match choose(&mut readings, &fixes, &opts, first, &reread) {
        Some(chosen) => Choice::Chosen {
            readings,
            chosen,
            opts,
        },
        None => Choice::Unread,
    }
}

/// Records the `chosen` reading in `out`: a book game's diagrams settle its ambiguous
/// plies first, then the reading is recorded ([`record_reading`]), checked against a
/// second notation, and its flagged plies counted.
fn record_chosen(
    out: &mut GameResult,
    chosen: Chosen,
    readings: &[Reading<'_>],
    opts: &escriba_resolve::Options,
    mut tags: Tags,
    game: &GameText,
    cfg: &Config,
) {
    let seg = &game.segment;
    let Chosen {
        r,
        mut best,
        both_orders,
        other,
    } = chosen;
    let reading = &readings[r];
    // The diagrams inside a book game settle the ambiguous plies before them.
    if let Some(b) = seg.book.as_deref()
        && reading.role.is_none()
        && !b.checkpoints.is_empty()
    {
        let game = Game {
            text: reading.text,
            tokens: &best.tokens,
            dialect: best.dialect,
            start: reading.start.clone(),
        };
        checks::settle_by_diagrams(&mut best.decoded, &game, &best.pins, opts, &b.checkpoints);
    }
    if reading.role == Some(AlternateRole::Order) {
        // White moved first after all: the columns were printed the other way round.
        tags.remove("FEN");
        tags.remove("SetUp");
    }
    let map = if reading.numbers.is_empty() {
        LineMap::new(reading.text, seg.movetext_line)
    } else {
        LineMap::with_numbers(reading.text, reading.numbers.to_vec())
    };
    out.movetext = reading.text.to_owned();
    let recording = Recording {
        reading,
        map: &map,
        tags: &tags,
        both_orders,
        game,
        cfg,
    };
    record_reading(out, &mut best, &recording);
    if let Some(other) = &other {
        for flag in checks::second_notation(&out.plies, &other.decoded.plies) {
            let i = flag.ply;
            flag.apply(&mut out.plies[i].ply);
        }
    }
    out.flagged = out
        .plies
        .iter()
        .enumerate()
        .filter(|(i, p)| p.ply.status.is_flagged() || out.issues_at(*i).next().is_some())
        .count()
        + out.issues.iter().filter(|i| i.ply.is_none()).count();
    finish_tags(out, tags, game);
}

/// A game's record before anything is read: no plies, empty, `*`.
fn new_record(game: &GameText) -> GameResult {
    let seg = &game.segment;
    GameResult {
        source: game.source.clone(),
        index: game.index,
        line: seg.line,
        tags: Tags::new(),
        dialect: None,
        result: "*",
        plies: Vec::new(),
        failure: None,
        status: GameStatus::Empty,
        items: Vec::new(),
        flagged: 0,
        issues: Vec::new(),
        tokens: TokenCounts::default(),
        // The text of the reading chosen; the segment's own where none is.
        movetext: String::new(),
        movetext_line: seg.movetext_line,
        encoding: seg.encoding,
        beam_capped: false,
        search_capped: false,
        book: seg.book.clone(),
        note_variations: NoteVariations::default(),
        ocr: None,
        diagrams: DiagramTally::default(),
    }
}

/// A game cut at the size limit (the segmenter's fatal `note`): failed, not read.
fn cut_at_size_limit(
    mut out: GameResult,
    tags: Tags,
    game: &GameText,
    note: &crate::segment::SegmentNote,
) -> GameResult {
    out.status = GameStatus::Failed;
    out.failure = Some(Failure {
        ply: 0,
        token: String::new(),
        line: note.line,
        column: note.column,
        width: 1,
        message: note.message.clone(),
        diagnostic: None,
    });
    out.result = result_from_tag(&tags);
    out.movetext = game.segment.movetext.clone();
    finish_tags(&mut out, tags, game);
    out
}

/// The dialects to try on a game, and what was learnt choosing them.
struct Candidates {
    dialects: Vec<Dialect>,
    /// `auto` on a game that is no book's: the top of the ranking (or the source's
    /// dialect) was confirmed cheaply, and the whole ranking is made only if that dialect
    /// does not read the game well enough.
    confirmed: bool,
    /// The source's dialect, confirmed on the game's first words: its tokens, kept for
    /// the decoder.
    first: Option<Made>,
    /// The source's dialect, for a game of a source read in one ([`SourceNotation`]):
    /// preferred to any other that reads the game no further ([`Attempt::key`]).
    prefer: Option<Dialect>,
    /// A book's unit under `auto`: `dialects` holds the book's dialect alone, and the
    /// unit's rows rank the others only if it does not read the game perfectly.
    book_ranked: bool,
}

/// The dialects to try on `seg`: the one fixed, the one tagged, the book's, the source's
/// `hint` when the game's first words confirm it, or the ranking's.
fn candidates(seg: &Segment, tags: &Tags, cfg: &Config, hint: Option<Dialect>) -> Candidates {
    let tagged = tags.get("Notation").and_then(|n| n.parse::<Dialect>().ok());
    let mut confirmed = false;
    let mut first: Option<Made> = None;
    let mut prefer = None;
    let mut book_ranked = false;
    let dialects = match (cfg.notation, tagged, seg.book.as_deref()) {
        (Notation::Fixed(d), ..) => vec![d],
        (Notation::Auto, Some(d), _) => vec![d],
        (Notation::Auto, None, Some(b)) => {
            book_ranked = true;
            vec![b.dialects.first()]
        }
        (Notation::Auto, None, None) if let Some(h) = hint => {
            prefer = Some(h);
            let tokens = movetext::tokenize(h, &seg.movetext);
            // Its first words read as moves, all of them or all but a few (damage leaves a
            // word unread): read in the source's dialect, and the dialects are ranked only
            // if that reading does not reach the game's end.
            if detect::mostly_reads(&seg.movetext, &tokens) {
                confirmed = true;
                first = Some(Made::Tokens(h, tokens));
                vec![h]
            } else {
                // The source's dialect first among those ranked: read to its end, it is
                // not bettered ([`Attempt::key`]), and no other is tried.
                let mut ranked = auto_candidates(&seg.movetext, cfg.auto_candidates);
                if let Some(at) = ranked.iter().position(|&d| d == h) {
                    ranked[..=at].rotate_right(1);
                }
                ranked
            }
        }
        (Notation::Auto, None, None) => match detect_top(&seg.movetext) {
            Some(d) => {
                confirmed = true;
                vec![d]
            }
            None => auto_candidates(&seg.movetext, cfg.auto_candidates),
        },
    };
    Candidates {
        dialects,
        confirmed,
        first,
        prefer,
        book_ranked,
    }
}

/// Where and why a game without a position cannot be read: its first move number is
/// past 1 (read in the first of `dialects`). `None`: it starts at move 1, or has none.
fn unnumbered_start(seg: &Segment, dialects: &[Dialect]) -> Option<(usize, usize, String)> {
    let dialect = dialects.first().copied().unwrap_or(Dialect::ALL[0]);
    let (number, black, at) = first_move_number(dialect, &seg.movetext)?;
    if number <= 1 {
        return None;
    }
    let map = LineMap::new(&seg.movetext, seg.movetext_line);
    let (line, column) = map.locate(&seg.movetext, at);
    let dots = if black { "..." } else { "." };
    let message = format!(
        "moves from a position the text does not give: the game starts at move \
         {number}{dots} with no FEN, and is not replayed from the standard start"
    );
    Some((line, column, message))
}

/// The readings of a segment's text to try: its own from `start` in `dialects`, and a
/// book's other column order or second notation.
fn readings_of<'a>(
    seg: &'a Segment,
    start: Chess,
    dialects: Vec<Dialect>,
    more: Option<&'a UnitDialects>,
) -> Vec<Reading<'a>> {
    let book = seg.book.as_deref();
    let mut readings: Vec<Reading> = vec![Reading {
        text: seg.movetext.as_str(),
        numbers: book.map_or(&[], |b| &b.line_numbers),
        start,
        dialects,
        more,
        role: None,
    }];
    if let Some(alt) = book.and_then(|b| b.alternate.as_ref()) {
        readings.push(Reading {
            text: alt.movetext.as_str(),
            numbers: &alt.line_numbers,
            start: match alt.role {
                AlternateRole::Order => start_position(None, false).expect("the standard position"),
                AlternateRole::Check | AlternateRole::Sequence => readings[0].start.clone(),
            },
            dialects: alt
                .dialect
                .map_or_else(|| readings[0].dialects.clone(), |d| vec![d]),
            more: more.filter(|_| alt.dialect.is_none()),
            role: Some(alt.role),
        });
    }
    readings
}

/// What [`choose`] needs to read a game's first reading again in every likely dialect.
struct Reread<'a> {
    seg: &'a Segment,
    cfg: &'a Config,
    hint: Option<Dialect>,
    confirmed: bool,
    /// The source's dialect, preferred on a tie ([`Attempt::key`]).
    prefer: Option<Dialect>,
}

/// The reading chosen and its attempt.
struct Chosen {
    /// Its index among the readings.
    r: usize,
    best: Attempt,
    /// Both column orders read perfectly into different games.
    both_orders: bool,
    /// The second notation's attempt, to check the first against.
    other: Option<Attempt>,
}

/// Attempts every reading and picks the best; on a tie the book's own text, as printed.
/// `None` when no reading had a dialect to try.
fn choose(
    readings: &mut [Reading<'_>],
    fixes: &[&Correction],
    opts: &escriba_resolve::Options,
    first: Option<Made>,
    reread: &Reread<'_>,
) -> Option<Chosen> {
    let Reread {
        seg,
        cfg,
        hint,
        confirmed,
        prefer,
    } = *reread;
    // A second notation is read whole, to be checked against the first.
    let check = readings
        .iter()
        .any(|r| r.role == Some(AlternateRole::Check));
    let two_orders = readings
        .iter()
        .any(|r| r.role == Some(AlternateRole::Order));
    let mut attempts = attempt_readings(readings, fixes, seg.movetext_line, opts, (first, prefer));
    // Confirmed by the source's dialect, a game it reads to its end stays in it, flagged
    // plies and all (a repaired move is the text's damage, not another notation); one
    // confirmed by the ranking's top must read perfectly. Else every likely dialect is
    // tried, as the whole ranking says (the attempt made is used again if its dialect is
    // among them).
    let kept = |a: &Attempt| {
        if hint.is_some() {
            a.complete()
        } else {
            a.perfect()
        }
    };
    if confirmed && !attempts[0].as_ref().is_some_and(kept) {
        readings[0].dialects = auto_candidates(&seg.movetext, cfg.auto_candidates);
        let made = attempts[0].take().map(|a| Made::Decoded(Box::new(a)));
        attempts = attempt_readings(readings, fixes, seg.movetext_line, opts, (made, prefer));
    }
    let r = (0..attempts.len())
        .filter(|&i| attempts[i].is_some())
        .min_by_key(|&i| attempts[i].as_ref().map(|a| a.key(prefer)))?;
    // Both column orders read perfectly into different games: nothing in the moves says
    // which side moved first, so the choice (the header's order) is flagged.
    let both_orders = two_orders
        && attempts.iter().flatten().count() == 2
        && attempts
            .iter()
            .flatten()
            .all(|a| a.complete() && a.flagged() == 0);
    let best = attempts[r].take().expect("chosen above");
    let other = if check {
        attempts.iter_mut().find_map(Option::take)
    } else {
        None
    };
    Some(Chosen {
        r,
        best,
        both_orders,
        other,
    })
}

/// What recording a chosen reading needs besides its attempt: the reading, its line map,
/// the game's tags, whether both column orders read, the game and the settings.
struct Recording<'a> {
    reading: &'a Reading<'a>,
    map: &'a LineMap,
    tags: &'a Tags,
    both_orders: bool,
    game: &'a GameText,
    cfg: &'a Config,
}

/// Records the chosen reading's attempt in `out`: status, dialect and result, the items
/// in book order with their issues and the claim check, the failure, the plies, and a
/// book's diagrams and notes.
fn record_reading(out: &mut GameResult, best: &mut Attempt, rec: &Recording<'_>) {
    let Recording {
        reading, map, game, ..
    } = *rec;
    let book = game.segment.book.as_deref();
    let (text, start) = (reading.text, &reading.start);
    record_outcome(out, best, rec);
    let mut builder = Builder {
        text,
        dialect: best.dialect,
        map,
        cfg: rec.cfg,
        footnotes: book.map_or(&[], |b| &b.footnotes),
        issues: game_issues(best, rec),
        counts: TokenCounts::default(),
        ledger: Ledger::new(text),
    };
    out.items = builder.line(
        &best.tokens,
        &best.decoded.plies,
        best.failure.as_ref(),
        start,
        true,
        None,
    );
    out.tokens = builder.counts;
    let fail_at = best.failure.as_ref().map(|d| d.span.start as usize);
    if builder.audit(&best.tokens, fail_at, &game.source) && out.status == GameStatus::Complete {
        // Its main line's moves are not all read, or its text not all accounted for: the
        // warnings say where.
        out.status = GameStatus::Partial;
    }
    out.issues = attach_issues(builder.issues, &best.decoded.plies);
    if let Some(d) = best.failure.take() {
        out.failure = Some(failure_record(d, map, text));
    }
    out.plies = std::mem::take(&mut best.decoded.plies)
        .into_iter()
        .map(|ply| {
            let (line, column) = map.locate(text, ply.span.start as usize);
            PlyRecord { line, column, ply }
        })
        .collect();
    if let Some(b) = book {
        if reading.role.is_none() {
            diagram_checks(out, start, &b.checkpoints, fail_at);
        }
        let (variations, counts) =
            note_variations(&out.plies, start, best.dialect, text, &best.tokens);
        items::insert_variations(&mut out.items, variations, text, map);
        out.note_variations = counts;
    }
}

/// Holds the game in `out` against the book's diagrams inside it (`stop`: where the game
/// stopped): a diagram that differs from the replay on a few squares flags the move before
/// it; one read wrong is a warning on the diagram, at its line, and flags no move.
fn diagram_checks(
    out: &mut GameResult,
    start: &Chess,
    checkpoints: &[escriba_book::Checkpoint],
    stop: Option<usize>,
) {
    let check = checks::diagrams(&out.plies, start, checkpoints, stop);
    for flag in check.flags {
        let i = flag.ply;
        flag.apply(&mut out.plies[i].ply);
    }
    for w in check.warnings {
        out.issues.push(Issue {
            ply: None,
            line: w.line,
            column: 1,
            message: w.message,
        });
    }
    out.issues.sort_by_key(|i| (i.line, i.column));
    out.diagrams = check.tally;
}

/// The outcome of the chosen attempt in `out`: status, dialect, result, and whether the
/// search was capped.
fn record_outcome(out: &mut GameResult, best: &Attempt, rec: &Recording<'_>) {
    let has_moves = main_line_has_moves(&best.tokens);
    // A book's table that goes on in rows this game did not read leaves it unfinished.
    let unread_row = rec.game.segment.book.as_deref().and_then(|b| b.unread_row);
    // A game whose printed moves stand elsewhere than their numbers say is not complete,
    // nor one with a ply the board chose for a word that did not read, nor one with moves
    // whose text was cut where it may go on.
    let cut = has_moves && rec.game.segment.notes.iter().any(|n| n.cut);
    let complete = best.complete()
        && unread_row.is_none()
        && best.decoded.misplaced == 0
        && best.decoded.lost == 0
        && !cut;
    out.status = match (has_moves, complete, best.decoded.plies.is_empty()) {
        (false, true, _) => GameStatus::Empty,
        (_, true, _) => GameStatus::Complete,
        (_, false, true) => GameStatus::Failed,
        (_, false, false) => GameStatus::Partial,
    };
    // An empty game says nothing about its notation.
    out.dialect = (out.status != GameStatus::Empty).then_some(best.dialect);
    out.result = result_of(best.decoded.termination, complete, &best.decoded, rec.tags);
    out.beam_capped = best.decoded.beam_capped;
    out.search_capped = best.decoded.search_capped;
}

/// The game's issues before its items are read, each with the text offset it sorts at:
/// both column orders read, a book table that goes on in rows not read, the segment's
/// notes.
fn game_issues(best: &Attempt, rec: &Recording<'_>) -> Vec<(Issue, usize)> {
    let seg = &rec.game.segment;
    let text = rec.reading.text;
    let mut issues = Vec::new();
    if rec.both_orders {
        let first = best.decoded.plies.first();
        let (line, column) = rec
            .map
            .locate(text, first.map_or(0, |p| p.span.start as usize));
        issues.push((either_order(line, column, rec.reading.role), 0));
    }
    let unread = seg.book.as_deref().and_then(|b| b.unread_row).map(|line| {
        (
            line,
            1,
            format!(
                "the game's table goes on at line {line}, in text not read as its moves \
                 (a damaged row, or rows after text that gives no position): those \
                 moves are not in this game"
            ),
        )
    });
    let notes = seg
        .notes
        .iter()
        .map(|n| (n.line, n.column, n.message.clone()));
    for (line, column, message) in notes.chain(unread) {
        let issue = Issue {
            ply: None,
            line,
            column,
            message,
        };
        issues.push((issue, text.len()));
    }
    issues
}

/// The issue of a game whose two column orders both replay: read in the order of `role`.
fn either_order(line: usize, column: usize, role: Option<AlternateRole>) -> Issue {
    let moved = if role == Some(AlternateRole::Order) {
        "White"
    } else {
        "Black"
    };
    Issue {
        ply: None,
        line,
        column,
        message: format!(
            "Black's column is printed first, and the game replays with either side moving \
             first: read as {moved} moved first; check the header"
        ),
    }
}

/// The issues in book order, each one before the first ply attached to the ply after it
/// (else to the last ply); `at` is the byte offset each concerns.
fn attach_issues(mut issues: Vec<(Issue, usize)>, plies: &[Ply]) -> Vec<Issue> {
    for (issue, at) in &mut issues {
        if issue.ply.is_none() && !plies.is_empty() {
            let after = plies.iter().position(|p| p.span.start as usize >= *at);
            issue.ply = Some(after.unwrap_or(plies.len() - 1));
        }
    }
    issues.sort_by_key(|(i, _)| (i.line, i.column));
    issues.into_iter().map(|(i, _)| i).collect()
}

/// The decoder's diagnostic `d` as the record's failure, located in `text` by `map`.
fn failure_record(d: Diagnostic, map: &LineMap, text: &str) -> Failure {
    let (line, column) = map.locate(text, d.span.start as usize);
    let width = text
        .get(d.span.range())
        .map_or(1, |s| s.chars().count().max(1));
    Failure {
        ply: d.ply,
        token: d.text.clone(),
        line,
        column,
        width,
        message: d.message.clone(),
        diagnostic: Some(d),
    }
}

/// A game whose moves cannot be read at all (its position cannot be set up, or the text
/// does not give it): failed at `line`:`column` with `message`, its whole movetext kept in
/// the PGN as untranscribed and counted as kept in a comment, and its printed result kept.
fn not_read(
    out: &mut GameResult,
    tags: Tags,
    game: &GameText,
    line: usize,
    column: usize,
    message: String,
) {
    let seg = &game.segment;
    let dialect = tags
        .get("Notation")
        .and_then(|n| n.parse::<Dialect>().ok())
        .unwrap_or(Dialect::ALL[0]);
    let tokens = movetext::tokenize(dialect, &seg.movetext);
    out.status = GameStatus::Failed;
    out.failure = Some(Failure {
        ply: 0,
        token: String::new(),
        line,
        column,
        width: 1,
        message,
        diagnostic: None,
    });
    out.result = printed_result(&tokens).unwrap_or_else(|| result_from_tag(&tags));
    out.movetext = seg.movetext.clone();
    out.tokens.comments = count_move_tokens(dialect, &seg.movetext, &tokens);
    let text = comment_safe(&seg.movetext);
    if !text.is_empty() {
        let from = first_move_number(dialect, &seg.movetext).map_or_else(
            || "the start".to_owned(),
            |(n, black, _)| format!("{n}{}", if black { "..." } else { "." }),
        );
        out.items.push(Item::Untranscribed { from, text });
    }
    finish_tags(out, tags, game);
}

fn finish_tags(out: &mut GameResult, mut tags: Tags, game: &GameText) {
    tags.set("Result", out.result);
    if let Some(d) = out.dialect {
        tags.set("Notation", d.id());
    }
    // `SOURCE:LINE` and the index, written without `format!` (a game's every tag costs).
    let mut source = String::with_capacity(game.source.len() + 8);
    source.push_str(&game.source);
    source.push(':');
    source.push_str(itoa::Buffer::new().format(game.segment.line));
    tags.set("Source", source);
    // Links the PGN game to its rows in plies.csv/games.csv (used by `compare`).
    tags.set(
        "EscribaGame",
        itoa::Buffer::new().format(game.index).to_owned(),
    );
    if tags.get("FEN").is_some() && tags.get("SetUp").is_none() {
        tags.set("SetUp", "1");
    }
    out.tags = tags;
}

#[cfg(test)]
mod tests;
