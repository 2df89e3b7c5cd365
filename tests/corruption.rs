//! Never silently wrong: tokens of real games are damaged at random the way print and OCR
//! damage them; every ply whose move differs from the truth must be flagged (repaired,
//! ambiguous) or the game must stop before it. Prints the share of damaged plies recovered.
//!
//! Some damage turns a move into another legal move: `P-QR3` printed for `P-KR3` when both
//! pawns may go. Nothing at that ply can see it; only a later contradiction can. The test
//! measures such damage on its own games and reports what escriba caught, and asserts the
//! rule on every other kind of damage: unreadable tokens and tokens that fit no legal move.

use escriba_notation::{DescLang, Dialect, Style, TokenKind, movetext, parse_move};
use escriba_resolve::candidates::{Ctx, candidates};
use escriba_resolve::describe::write_game;
use escriba_resolve::identity::Origins;
use escriba_resolve::shakmaty::san::San;
use escriba_resolve::shakmaty::{CastlingMode, Chess, Move, Position};
use escriba_resolve::{Options, resolve};

use crate::common::{Rng, random_game, shared};

const EN: Dialect = Dialect::Descriptive(DescLang::En);

/// Games from the bulk PGN when present, else random games.
fn games(n: usize) -> Vec<Vec<Move>> {
    let mut out = Vec::new();
    if let Some(path) = shared("corpus/bulk/lichess-2017-01-31.pgn") {
        let text = std::fs::read_to_string(path).unwrap();
        for block in text
            .split("\n\n")
            .filter(|b| !b.trim_start().starts_with('['))
        {
            let mut pos = Chess::default();
            let mut moves = Vec::new();
            for word in block.split_whitespace() {
                if word.ends_with('.') || word.starts_with('{') || word.contains("%") {
                    continue;
                }
                let Ok(san) = word.trim_end_matches(['!', '?']).parse::<San>() else {
                    continue;
                };
                let Ok(m) = san.to_move(&pos) else { break };
                pos.play_unchecked(m);
                moves.push(m);
            }
            if moves.len() >= 20 {
                out.push(moves);
            }
            if out.len() == n {
                break;
            }
        }
    }
    let mut rng = Rng::new(7);
    while out.len() < n {
        out.push(random_game(&mut rng, 80));
    }
    out
}

/// One kind of damage applied to one token's text, or `None` when it does not apply.
fn damage(rng: &mut Rng, token: &str) -> Option<String> {
    let swaps: [(&str, &str); 12] = [
        ("1", "l"),
        ("5", "S"),
        ("8", "B"),
        ("3", "8"),
        ("8", "3"),
        ("KB", "QB"),
        ("QB", "KB"),
        ("KR", "QR"),
        ("QKt", "KKt"),
        ("x", ""),
        ("B-", "R-"),
        ("-", "- "),
    ];
    let mut tries = 0;
    while tries < 20 {
        tries += 1;
        let (a, b) = swaps[rng.below(swaps.len())];
        if let Some(at) = token.find(a) {
            let out = format!("{}{}{}", &token[..at], b, &token[at + a.len()..]);
            if out != token {
                return Some(out);
            }
        }
        // A lost rank digit.
        if rng.below(4) == 0
            && let Some(at) = token.rfind(|c: char| c.is_ascii_digit())
        {
            return Some(format!("{}{}", &token[..at], &token[at + 1..]));
        }
    }
    None
}

/// How one batch of damaged games came out.
#[derive(Default)]
struct Tally {
    damaged: usize,
    recovered: usize,
    stopped: usize,
    silent: Vec<String>,
}

/// True when `text` reads, strictly, as a legal move other than `truth` in `pos`.
fn reads_as_another_legal_move(pos: &Chess, origins: &Origins, text: &str, truth: Move) -> bool {
    let Ok(mv) = parse_move(EN, text) else {
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
fn run(games: &[Vec<Move>], seed: u64, legal: bool) -> Tally {
    let start = Chess::default();
    let mut rng = Rng::new(seed);
    let mut t = Tally::default();
    for (gi, moves) in games.iter().enumerate() {
        let truth: Vec<String> = moves
            .iter()
            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
            .collect();
        let text = write_game(&start, moves, EN, Style::default()).unwrap();
        let tokens = movetext::tokenize(EN, &text);
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
        // Back to front, so that earlier spans stay valid.
        let mut text = text;
        let mut hit = Vec::new();
        for (ply, span) in spans.iter().enumerate().rev() {
            if rng.below(15) != 0 {
                continue;
            }
            let Some(bad) = damage(&mut rng, &text[span.range()]) else {
                continue;
            };
            let (p, o) = &before[ply];
            if reads_as_another_legal_move(p, o, &bad, moves[ply]) != legal {
                continue;
            }
            text.replace_range(span.range(), &bad);
            hit.push(ply);
        }
        if hit.is_empty() {
            continue;
        }
        let d = resolve(&text, EN, start.clone(), &Options::default());
        for &ply in &hit {
            t.damaged += 1;
            match d.plies.get(ply) {
                Some(p) if p.uci == truth[ply] => t.recovered += 1,
                Some(_) => {}
                None => t.stopped += 1,
            }
        }
        for (i, p) in d.plies.iter().enumerate() {
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

fn describe(kind: &str, t: &Tally) -> String {
    format!(
        "{kind}: {} damaged plies; {} recovered exactly ({:.1}%); {} past the end of a stopped game; {} silently wrong plies",
        t.damaged,
        t.recovered,
        100.0 * t.recovered as f64 / t.damaged.max(1) as f64,
        t.stopped,
        t.silent.len()
    )
}

#[test]
fn damaged_tokens_are_never_silently_wrong() {
    let games = games(150);
    let t = run(&games, 1852, false);
    eprintln!("{}", describe("unreadable or illegal damage", &t));
    assert!(
        t.damaged > 100,
        "the test must damage enough plies to mean something"
    );
    assert!(
        t.silent.is_empty(),
        "silently wrong plies:\n{}",
        t.silent.join("\n")
    );
}

#[test]
fn damage_that_reads_as_another_legal_move_is_measured() {
    let games = games(150);
    let t = run(&games, 1853, true);
    // No reader can see such damage where it stands; report what later moves caught.
    eprintln!("{}", describe("damage reading as another legal move", &t));
    for line in t.silent.iter().take(10) {
        eprintln!("  {line}");
    }
    assert!(
        t.damaged > 20,
        "the test must damage enough plies to mean something"
    );
}
