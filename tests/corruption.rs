//! Never silently wrong: tokens of real games are damaged at random the way print and OCR
//! damage them (`escriba_notation::damage`, the model the bench applies too); every ply whose
//! move differs from the truth must be flagged (repaired, ambiguous) or the game must stop
//! before it. Prints, per dialect and class of damage, the share of damaged plies recovered,
//! the collateral plies (right as printed, changed by a repair) and the silently wrong ones.
//!
//! Some damage turns a move into another legal move: `P-QR3` printed for `P-KR3` when both
//! pawns may go. Nothing at that ply can see it; only a later contradiction can. The test
//! measures such damage on its own games and reports what escriba caught, and asserts the
//! rule on every other kind of damage in English compact print: unreadable tokens and
//! tokens that fit no legal move. Where silently wrong plies remain (damage that reads as
//! another legal move; Spanish and long-hand print), each run is a ratchet: its count may
//! not rise above a ceiling measured today, and a fall asks for the ceiling to come down.
//!
//! Whatever the damage, every run also checks that the undamaged texts come out right and
//! unflagged, and that the PGN the pipeline writes for each damaged game re-reads, with
//! `pgn-reader`, to legal moves and to the plies decoded. The games are the bulk PGN's of
//! `../shared` (the same locally and in CI, where their absence fails the run).

use escriba_notation::damage::damage;
use escriba_notation::{
    DescLang, Dialect, Form, KnightLetter, Style, TokenKind, movetext, parse_move,
};
use escriba_resolve::candidates::{Ctx, candidates};
use escriba_resolve::describe::write_game;
use escriba_resolve::identity::Origins;
use std::sync::Arc;

use escriba_pipeline::pgn::write_game as write_pgn;
use escriba_pipeline::segment::{BlockSegmenter, segment_text};
use escriba_pipeline::{Config, GameText, process_game};
use escriba_resolve::shakmaty::{CastlingMode, Chess, Move, Position};
use escriba_resolve::{Options, resolve};

use crate::common::shared;
use escriba_testkit::Rng;

const EN: Dialect = Dialect::Descriptive(DescLang::En);
const ES: Dialect = Dialect::Descriptive(DescLang::Es);
const LONG_HAND: Style = Style {
    form: Form::LongHand,
    knight: KnightLetter::Kt,
};

/// The first `n` games of at least 20 plies of the bulk PGN (`../shared`), read with
/// `pgn-reader` and replayed (`xtask::pgn::read`: a main line stops at its first illegal
/// move); `None`, with [`absent`](crate::common::absent)'s notice (a failure in CI), when
/// the file is missing. The same games locally and in CI.
fn games(n: usize) -> Option<Vec<Vec<Move>>> {
    let path = shared("corpus/bulk/lichess-2017-01-31.pgn")?;
    let text = std::fs::read_to_string(path).unwrap();
    let out: Vec<Vec<Move>> = xtask::pgn::read(&text)
        .into_iter()
        .map(|g| g.moves)
        .filter(|moves| moves.len() >= 20)
        .take(n)
        .collect();
    assert_eq!(
        out.len(),
        n,
        "the bulk PGN holds {n} games of 20 plies or more"
    );
    Some(out)
}

/// What the pipeline writes for a damaged game re-reads, with `pgn-reader`, to legal
/// moves from the start and to the plies decoded (`sans`), so that no damage makes an
/// output PGN that another program reads differently.
fn check_pgn_reads_back(dialect: Dialect, text: &str, sans: &[String]) -> Result<(), String> {
    let cfg = Config::default();
    let book = format!("[Notation \"{}\"]\n\n{text}\n", dialect.id());
    let mut segments = segment_text(&mut BlockSegmenter::new(), &book);
    if segments.len() != 1 {
        return Err(format!("{} games cut from one", segments.len()));
    }
    let game = GameText {
        source: Arc::from("damaged"),
        index: 1,
        segment: segments.remove(0),
    };
    let mut pgn = String::new();
    write_pgn(&process_game(&game, &cfg), &cfg, &mut pgn);
    let read = escriba_check::pgn::read(&pgn);
    if read.error.is_some() || read.games.len() != 1 {
        return Err(format!(
            "{:?}, {} games: {pgn}",
            read.error,
            read.games.len()
        ));
    }
    let mut pos = Chess::default();
    let mut back = Vec::new();
    for san in read.games[0].moves() {
        let m = san
            .san
            .to_move(&pos)
            .map_err(|e| format!("`{san}`: {e}: {pgn}"))?;
        pos.play_unchecked(m);
        back.push(san.to_string());
    }
    if back != sans {
        return Err(format!("read back {back:?}, decoded {sans:?}"));
    }
    Ok(())
}

/// How one batch of damaged games came out.
#[derive(Default)]
struct Tally {
    damaged: usize,
    recovered: usize,
    stopped: usize,
    /// Plies printed right that came out as another move.
    collateral: Vec<String>,
    silent: Vec<String>,
    /// Damaged games whose output PGN does not re-read to the plies decoded.
    unreadable: Vec<String>,
    /// Plies of the undamaged texts that come out wrong or flagged.
    clean_wrong: Vec<String>,
}

/// True when `text` reads, strictly, as a legal move other than `truth` in `pos`.
fn reads_as_another_legal_move(
    dialect: Dialect,
    pos: &Chess,
    origins: &Origins,
    text: &str,
    truth: Move,
) -> bool {
    let Ok(mv) = parse_move(dialect, text) else {
        return false;
    };
    let ctx = Ctx {
        pos,
        origins,
        descriptive: true,
        max_repairs: 0,
    };
    candidates(&ctx, &mv, &pos.legal_moves())
        .iter()
        .any(|c| c.mv != truth)
}

/// Damages about one move in fifteen of each game, keeping only damage of the kind asked
/// for (`legal`: damage that reads as another legal move), decodes, and tallies.
fn run(games: &[Vec<Move>], seed: u64, legal: bool, dialect: Dialect, style: Style) -> Tally {
    let start = Chess::default();
    let mut rng = Rng::new(seed);
    let mut t = Tally::default();
    for (gi, moves) in games.iter().enumerate() {
        let truth: Vec<String> = moves
            .iter()
            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
            .collect();
        let text = write_game(&start, moves, dialect, style).unwrap();
        let tokens = movetext::tokenize(dialect, &text);
        let spans: Vec<_> = tokens
            .iter()
            .filter(|t| matches!(t.kind, TokenKind::Move(_)))
            .map(|t| t.span)
            .collect();
        assert_eq!(spans.len(), moves.len(), "clean text reads back whole");
        // The position and identities before each ply.
        let mut pos = start.clone();
        let mut origins = Origins::new(pos.board());
        let mut before = Vec::with_capacity(moves.len());
        for &m in moves {
            before.push((pos.clone(), origins));
            origins.play(m);
            pos.play_unchecked(m);
        }
        // The text as written, before any damage, comes out right and unflagged (`exact`
        // or `inferred`: compact descriptive leaves much to the position).
        let clean = resolve(&text, dialect, start.clone(), &Options::default());
        if clean.plies.len() != moves.len() {
            t.clean_wrong.push(format!(
                "game {gi}: {} of {} plies read",
                clean.plies.len(),
                moves.len()
            ));
        }
        for (i, p) in clean.plies.iter().enumerate() {
            if p.uci != truth[i] || p.status.is_flagged() {
                t.clean_wrong.push(format!(
                    "game {gi} ply {i}: got {} ({:?}) want {}",
                    p.uci, p.status, truth[i]
                ));
            }
        }
        // Back to front, so that earlier spans stay valid.
        let mut text = text;
        let mut hit = Vec::new();
        for (ply, span) in spans.iter().enumerate().rev() {
            if rng.below(15) != 0 {
                continue;
            }
            let Some(bad) = damage(dialect, &text[span.range()], &mut |n| rng.below(n)) else {
                continue;
            };
            let (p, o) = &before[ply];
            if reads_as_another_legal_move(dialect, p, o, &bad, moves[ply]) != legal {
                continue;
            }
            text.replace_range(span.range(), &bad);
            hit.push(ply);
        }
        if hit.is_empty() {
            continue;
        }
        let d = resolve(&text, dialect, start.clone(), &Options::default());
        let sans: Vec<String> = d.plies.iter().map(|p| p.san.to_string()).collect();
        if let Err(why) = check_pgn_reads_back(dialect, &text, &sans) {
            t.unreadable.push(format!("game {gi}: {why}"));
        }
        for &ply in &hit {
            t.damaged += 1;
            match d.plies.get(ply) {
                Some(p) if p.uci == truth[ply] => t.recovered += 1,
                Some(_) => {}
                None => t.stopped += 1,
            }
        }
        for (i, p) in d.plies.iter().enumerate() {
            if p.uci != truth[i] && !hit.contains(&i) {
                t.collateral.push(format!(
                    "game {gi} ply {i}: got {} ({:?}) want {}; damaged plies {hit:?}; token `{}`",
                    p.uci,
                    p.status,
                    truth[i],
                    &text[p.span.range()]
                ));
            }
            if p.uci != truth[i] && !p.status.is_flagged() {
                t.silent.push(format!(
                    "game {gi} ply {i}: got {} ({:?}) want {}; damaged plies {hit:?}; token `{}`",
                    p.uci,
                    p.status,
                    truth[i],
                    &text[p.span.range()]
                ));
            }
        }
    }
    t
}

/// The checks every run makes, whatever the damage: the undamaged texts come out right,
/// and every output PGN reads back.
fn assert_outputs_read_back(t: &Tally) {
    assert!(
        t.clean_wrong.is_empty(),
        "undamaged texts read wrong or flagged:\n{}",
        t.clean_wrong.join("\n")
    );
    assert!(
        t.unreadable.is_empty(),
        "output PGN that does not read back:\n{}",
        t.unreadable.join("\n")
    );
}

fn describe(kind: &str, t: &Tally) -> String {
    format!(
        "{kind}: {} damaged plies; {} recovered exactly ({:.1}%); {} past the end of a stopped game; {} collateral plies; {} silently wrong plies",
        t.damaged,
        t.recovered,
        100.0 * t.recovered as f64 / t.damaged.max(1) as f64,
        t.stopped,
        t.collateral.len(),
        t.silent.len()
    )
}

/// Holds the silently wrong plies of one run under `ceiling`: a rise fails the test, a
/// fall asks for the ceiling to come down to the new count, so that it only ever falls.
fn ratchet(kind: &str, t: &Tally, ceiling: usize) {
    let n = t.silent.len();
    assert!(
        n <= ceiling,
        "{kind}: {n} silently wrong plies, above the ceiling of {ceiling}:\n{}",
        t.silent.join("\n")
    );
    if n < ceiling {
        eprintln!(
            "notice: {kind}: {n} silently wrong plies, below the ceiling of {ceiling}; lower the ceiling to {n}"
        );
    }
}

/// Damage that fits no legal move (or no grammar): measured, and held to at most
/// `ceiling` silently wrong plies (see [`ratchet`]). At a ceiling of 0 no repair may
/// rewrite a ply printed right either (no collateral plies).
fn check_illegal_damage(name: &str, dialect: Dialect, style: Style, seed: u64, ceiling: usize) {
    let Some(games) = games(150) else { return };
    let t = run(&games, seed, false, dialect, style);
    let kind = format!("{name}, unreadable or illegal damage");
    eprintln!("{}", describe(&kind, &t));
    for line in t.collateral.iter().take(10) {
        eprintln!("  collateral: {line}");
    }
    assert!(
        t.damaged > 100,
        "the test must damage enough plies to mean something"
    );
    assert_outputs_read_back(&t);
    if ceiling == 0 {
        // Target 0: a repair never rewrites a ply printed right.
        assert!(
            t.collateral.is_empty(),
            "collateral plies:\n{}",
            t.collateral.join("\n")
        );
    }
    for line in t.silent.iter().take(10) {
        eprintln!("  silent: {line}");
    }
    ratchet(&kind, &t, ceiling);
}

/// Damage that reads as another legal move: nothing at that ply can see it; report what
/// later moves caught, and hold the silently wrong plies to at most `ceiling`.
fn check_legal_damage(name: &str, dialect: Dialect, style: Style, seed: u64, ceiling: usize) {
    let Some(games) = games(150) else { return };
    let t = run(&games, seed, true, dialect, style);
    let kind = format!("{name}, damage reading as another legal move");
    eprintln!("{}", describe(&kind, &t));
    for line in t.silent.iter().take(10) {
        eprintln!("  silent: {line}");
    }
    assert!(
        t.damaged > 20,
        "the test must damage enough plies to mean something"
    );
    assert_outputs_read_back(&t);
    ratchet(&kind, &t, ceiling);
}

// The ceilings: the silently wrong plies of each run at its seed, on the first 150 games
// of 20 plies or more of the bulk PGN, as `cargo test -p escriba-tests --test tests
// corruption -- --nocapture` prints them. Measured on 2026-12-07, with the test kit's
// `Rng`, at each run's seed and, for the spread, at four more (the seed plus 101, 202,
// 303 and 404, by a loop over `run` not kept here). A rise fails; when a change lowers a
// count, lower its ceiling with it.

/// English compact, damage that fits no legal move: none may come out silently wrong (0 at
/// seed 1852 and at 2054, 2155, 2256; seed 1953 has one).
const EN_ILLEGAL_SILENT: usize = 0;
/// English compact, damage that reads as another legal move: 8 at seed 1853 (seeds 1954,
/// 2055, 2156, 2257: 12, 16, 18, 8; about 220 damaged plies each).
const EN_LEGAL_SILENT: usize = 8;
/// Spanish, damage that fits no legal move: 9 at seed 1854 (seeds 1955, 2056, 2157, 2258:
/// 5, 5, 0, 4; about 650 damaged plies each). 10 since the decoder reads a word lost
/// where every ply is numbered as a lost ply: that change took the unflagged wrong plies
/// of every-ply columns with lost words to none (`moves_anywhere`), and gave this run one
/// more. The ceiling records it so that it shows; it is a regression to take back, not a
/// level to keep.
const ES_ILLEGAL_SILENT: usize = 10;
/// Spanish, damage that reads as another legal move: 14 at seed 1855 (seeds 1956, 2057,
/// 2158, 2259: 20, 21, 41, 34; 32 to 49 damaged plies each: a ply read wrong in silence
/// takes the plies after it along).
const ES_LEGAL_SILENT: usize = 14;
/// English long-hand, damage that fits no legal move: 4 at seed 1856 (seeds 1957, 2058,
/// 2159, 2260: 3, 0, 0, 7; about 600 damaged plies each).
const LONG_ILLEGAL_SILENT: usize = 4;
/// English long-hand, damage that reads as another legal move: 21 at seed 1857 (seeds
/// 1958, 2059, 2160, 2261: 26, 32, 23, 19; about 30 damaged plies each).
const LONG_LEGAL_SILENT: usize = 21;

#[test]
fn damaged_tokens_are_never_silently_wrong() {
    check_illegal_damage(
        "English compact",
        EN,
        Style::default(),
        1852,
        EN_ILLEGAL_SILENT,
    );
}

#[test]
fn damage_that_reads_as_another_legal_move_stays_under_its_ceiling() {
    check_legal_damage(
        "English compact",
        EN,
        Style::default(),
        1853,
        EN_LEGAL_SILENT,
    );
}

#[test]
fn damaged_spanish_tokens_stay_under_their_ceiling() {
    check_illegal_damage("Spanish", ES, Style::default(), 1854, ES_ILLEGAL_SILENT);
}

#[test]
fn damage_to_spanish_that_reads_as_another_legal_move_stays_under_its_ceiling() {
    check_legal_damage("Spanish", ES, Style::default(), 1855, ES_LEGAL_SILENT);
}

#[test]
fn damaged_long_hand_tokens_stay_under_their_ceiling() {
    check_illegal_damage(
        "English long-hand",
        EN,
        LONG_HAND,
        1856,
        LONG_ILLEGAL_SILENT,
    );
}

#[test]
fn damage_to_long_hand_that_reads_as_another_legal_move_stays_under_its_ceiling() {
    check_legal_damage("English long-hand", EN, LONG_HAND, 1857, LONG_LEGAL_SILENT);
}
