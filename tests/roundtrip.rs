//! Round trip through the writers: random legal games are written in each dialect and
//! style with minimal book-style disambiguation, then read back. Every move must come back
//! the same, and no ply may need a flag.

use escriba_notation::{AlgLang, DescLang, Dialect, Form, KnightLetter, Style};
use escriba_resolve::describe::write_game;
use escriba_resolve::shakmaty::{Chess, Move};
use escriba_resolve::{Options, resolve};

use crate::common::{reference_sans, sans};
use escriba_testkit::{Rng, random_game};

fn cases() -> Vec<(Dialect, Style)> {
    let compact = Style::default();
    let mut v = vec![
        (Dialect::Descriptive(DescLang::En), compact),
        (
            Dialect::Descriptive(DescLang::En),
            Style {
                form: Form::Compact,
                knight: KnightLetter::N,
            },
        ),
        (
            Dialect::Descriptive(DescLang::En),
            Style {
                form: Form::Spaced,
                knight: KnightLetter::Kt,
            },
        ),
        (
            Dialect::Descriptive(DescLang::En),
            Style {
                form: Form::LongHand,
                knight: KnightLetter::Kt,
            },
        ),
    ];
    for l in [
        DescLang::Es,
        DescLang::Pt,
        DescLang::Fr,
        DescLang::It,
        DescLang::Ca,
    ] {
        v.push((Dialect::Descriptive(l), compact));
    }
    for l in [
        AlgLang::En,
        AlgLang::Es,
        AlgLang::De,
        AlgLang::Ru,
        AlgLang::Figurine,
    ] {
        v.push((Dialect::Algebraic(l), compact));
    }
    v
}

#[derive(Default, Debug)]
struct Coverage {
    promotions: usize,
    underpromotions: usize,
    en_passant: usize,
    short_castles: usize,
    long_castles: usize,
}

fn coverage(games: &[Vec<Move>]) -> Coverage {
    let mut c = Coverage::default();
    for m in games.iter().flatten() {
        match m.promotion() {
            Some(escriba_resolve::shakmaty::Role::Queen) => c.promotions += 1,
            Some(_) => {
                c.promotions += 1;
                c.underpromotions += 1;
            }
            None => {}
        }
        c.en_passant += usize::from(m.is_en_passant());
        match m.castling_side() {
            Some(s) if s.is_king_side() => c.short_castles += 1,
            Some(_) => c.long_castles += 1,
            None => {}
        }
    }
    c
}

#[test]
fn random_games_come_back_the_same_in_every_dialect() {
    let mut rng = Rng::new(2026);
    let games: Vec<Vec<Move>> = (0..40).map(|_| random_game(&mut rng, 140)).collect();
    let cov = coverage(&games);
    assert!(
        cov.underpromotions > 0
            && cov.en_passant > 0
            && cov.short_castles > 0
            && cov.long_castles > 0,
        "the random games must cover the special moves: {cov:?}"
    );
    let start = Chess::default();
    let mut failures = Vec::new();
    let mut plies = 0;
    for (dialect, style) in cases() {
        for (gi, moves) in games.iter().enumerate() {
            let text = write_game(&start, moves, dialect, style).expect("legal game");
            let d = resolve(&text, dialect, start.clone(), &Options::default());
            let want = reference_sans(&start, moves);
            plies += want.len();
            let got = sans(&d);
            let flagged: Vec<_> = d.plies.iter().filter(|p| p.status.is_flagged()).collect();
            if got != want || !flagged.is_empty() || d.failure.is_some() {
                let at = got
                    .iter()
                    .zip(&want)
                    .position(|(a, b)| a != b)
                    .unwrap_or(got.len());
                failures.push(format!(
                    "{dialect} {style:?} game {gi}: first difference at ply {at}: got {:?} want {:?}; flagged {}; failure {:?}\n  text near: {}",
                    got.get(at),
                    want.get(at),
                    flagged.len(),
                    d.failure.as_ref().map(|f| (&f.text, &f.message)),
                    d.failure.as_ref().map_or(String::new(), |f| text[f.span.start as usize..].chars().take(60).collect()),
                ));
            }
        }
    }
    eprintln!(
        "round trip: {plies} plies over {} dialect/style cases; coverage {cov:?}",
        cases().len()
    );
    assert!(
        failures.is_empty(),
        "{} games differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
