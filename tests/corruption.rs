//! Never silently wrong: tokens of real games are damaged at random the way print and OCR
//! damage them; every ply whose move differs from the truth must be flagged (repaired,
//! ambiguous) or the game must stop before it. Prints the share of damaged plies recovered.

use escriba_notation::{DescLang, Dialect, Style, TokenKind, movetext};
use escriba_resolve::describe::write_game;
use escriba_resolve::shakmaty::san::San;
use escriba_resolve::shakmaty::{Chess, Move, Position};
use escriba_resolve::{Options, resolve};

use crate::common::{Rng, random_game, reference_sans, shared};

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

#[test]
fn damaged_tokens_are_never_silently_wrong() {
    let start = Chess::default();
    let mut rng = Rng::new(1852);
    let (mut damaged, mut recovered, mut silent, mut stopped) = (0usize, 0usize, 0usize, 0usize);
    let mut report = Vec::new();
    for (gi, moves) in games(120).iter().enumerate() {
        let truth = reference_sans(&start, moves);
        let text = write_game(&start, moves, EN, Style::default()).unwrap();
        let tokens = movetext::tokenize(EN, &text);
        let move_spans: Vec<_> = tokens
            .iter()
            .filter(|t| matches!(t.kind, TokenKind::Move(_)))
            .map(|t| t.span)
            .collect();
        assert_eq!(move_spans.len(), moves.len(), "clean text reads back whole");
        // Damage about one token in fifteen, back to front so spans stay valid.
        let mut text = text;
        let mut hit = Vec::new();
        for (ply, span) in move_spans.iter().enumerate().rev() {
            if rng.below(15) != 0 {
                continue;
            }
            let tok = &text[span.range()];
            if let Some(bad) = damage(&mut rng, tok) {
                text.replace_range(span.range(), &bad);
                hit.push(ply);
            }
        }
        let d = resolve(&text, EN, start.clone(), &Options::default());
        for &ply in &hit {
            damaged += 1;
            match d.plies.get(ply) {
                Some(p) if p.san == truth[ply] => recovered += 1,
                Some(_) => {}
                None => stopped += 1,
            }
        }
        for (i, p) in d.plies.iter().enumerate() {
            if p.san != truth[i] && !p.status.is_flagged() {
                silent += 1;
                report.push(format!(
                    "game {gi} ply {i}: got {} ({:?}) want {}; damaged plies {hit:?}; token `{}`",
                    p.san,
                    p.status,
                    truth[i],
                    &text[p.span.range()]
                ));
            }
        }
        let _ = d.final_position.is_checkmate();
    }
    eprintln!(
        "corruption: {damaged} damaged plies; {recovered} recovered exactly ({:.1}%); {stopped} past the end of a stopped game; {silent} silently wrong",
        100.0 * recovered as f64 / damaged.max(1) as f64
    );
    assert!(
        damaged > 50,
        "the test must damage enough plies to mean something"
    );
    assert!(
        report.is_empty(),
        "silently wrong plies:\n{}",
        report.join("\n")
    );
}
