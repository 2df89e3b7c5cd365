//! Dash-less print: a captured man's words may run on into the next move with nothing
//! between, so that `10. B x B P Q Kt 4` is `B x B P`, `Q Kt 4` or `B x B`, `P Q Kt 4`. The
//! board chooses between the groupings, and where both go on legally to the end, the moves
//! where they differ are flagged: never wrong in silence.

use escriba_notation::{
    DescLang, Dialect, FileGroup, Form, KnightLetter, Man, MoveKind, Role as PrintedRole, Style,
    Wing, write_move,
};
use escriba_resolve::candidates::{Ctx, candidates};
use escriba_resolve::describe::describe;
use escriba_resolve::identity::Origins;
use escriba_resolve::shakmaty::{Chess, File, Move, Position, Role};
use escriba_resolve::{Decoded, Options, Status, resolve};

use escriba_testkit::{Rng, line_by};

const EN: Dialect = Dialect::Descriptive(DescLang::En);
const SPACED: Style = Style {
    form: Form::Spaced,
    knight: KnightLetter::Kt,
};

fn read(text: &str) -> Decoded {
    resolve(text, EN, Chess::default(), &Options::default())
}

/// Each ply as `SAN status`.
fn plies(d: &Decoded) -> Vec<String> {
    d.plies
        .iter()
        .map(|p| format!("{} {}", p.san, p.status.as_str()))
        .collect()
}

/// The descriptive name of the pawns of `file`: its group and, for paired files, its wing.
fn pawn_file(file: File) -> (FileGroup, Option<Wing>) {
    let wing = if file <= File::D {
        Wing::Queen
    } else {
        Wing::King
    };
    match file {
        File::A | File::H => (FileGroup::Rook, Some(wing)),
        File::B | File::G => (FileGroup::Knight, Some(wing)),
        File::C | File::F => (FileGroup::Bishop, Some(wing)),
        File::D => (FileGroup::Queen, None),
        _ => (FileGroup::King, None),
    }
}

/// `m` as a dash-less spaced book prints it (`P K 4`, `Kt K B 3`), a captured pawn named
/// in words (`B x B P`, `Kt x Q Kt P`) wherever that still names `m` alone.
fn dashless(pos: &Chess, origins: &Origins, m: Move, rng: &mut Rng) -> String {
    let mut printed = describe(pos, origins, m, EN);
    if let (MoveKind::Piece(pm), Some(Role::Pawn)) = (&mut printed.kind, m.capture()) {
        let (group, wing) = pawn_file(m.to().file());
        let named = Man {
            role: PrintedRole::Pawn,
            wing: wing.filter(|_| rng.below(2) == 0),
            file: Some(group),
        };
        let plain = pm.capture;
        pm.capture = Some(Some(named));
        let ctx = Ctx {
            pos,
            origins,
            descriptive: true,
            max_repairs: 0,
        };
        let c = candidates(&ctx, &printed, &pos.legal_moves());
        let alone = c.first().is_some_and(|c0| c0.mv == m)
            && c.get(1).is_none_or(|c1| c1.cost > c[0].cost + 2);
        if !alone && let MoveKind::Piece(pm) = &mut printed.kind {
            pm.capture = plain;
        }
    }
    let mut out = String::new();
    write_move(EN, &printed, SPACED, &mut out);
    out.replace(" - ", " ")
}

/// A random legal game that takes pawns where it can, half the time: many captured men
/// named in words, each followed by a move on the same line.
fn pawn_taking_game(rng: &mut Rng, plies: usize) -> Vec<Move> {
    line_by(rng, &Chess::default(), plies, |rng, legal| {
        let takes: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.capture() == Some(Role::Pawn))
            .collect();
        if !takes.is_empty() && rng.below(2) == 0 {
            takes[rng.below(takes.len())]
        } else {
            legal[rng.below(legal.len())]
        }
    })
    .0
}

/// The game as one dash-less paragraph: `1. P K 4 P K 4 2. Kt K B 3 …`, one blank
/// between words, so that each man's words run on into the next move.
fn paragraph(moves: &[Move], rng: &mut Rng) -> String {
    let mut pos = Chess::default();
    let mut origins = Origins::new(pos.board());
    let mut out = String::new();
    for (i, &m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            out.push_str(&format!("{}. ", i / 2 + 1));
        }
        out.push_str(&dashless(&pos, &origins, m, rng));
        out.push(' ');
        origins.play(m);
        pos.play_unchecked(m);
    }
    out
}

/// The property: over random legal games printed dash-less with spaced captured men, every
/// ply read is the game's move or flagged, and a game read short says where it stopped.
#[test]
fn a_dashless_capture_is_read_right_or_flagged_never_wrong_in_silence() {
    let mut rng = Rng::new(21_004);
    let mut silent = Vec::new();
    let mut regrouped = 0;
    for g in 0..300 {
        let plies = 40 + rng.below(40);
        let moves = pawn_taking_game(&mut rng, plies);
        let text = paragraph(&moves, &mut rng);
        let d = read(&text);
        for (k, p) in d.plies.iter().enumerate() {
            if p.mv != moves[k] && !p.status.is_flagged() {
                silent.push(format!(
                    "game {g}, ply {}: `{}` read as {} ({}), in: {text}",
                    k + 1,
                    &text[p.span.range()],
                    p.san,
                    p.status.as_str()
                ));
                break;
            }
        }
        if d.plies.len() < moves.len() {
            assert!(
                d.failure.is_some(),
                "game {g} read short, unflagged: {text}"
            );
        }
        // Captured pawns named in words, each run on into the next move.
        regrouped += d
            .plies
            .iter()
            .filter(|p| {
                let printed = &text[p.span.range()];
                printed.contains(" x ") && printed.ends_with(" P")
            })
            .count();
    }
    assert!(
        silent.is_empty(),
        "{} wrong in silence:\n{}",
        silent.len(),
        silent.join("\n")
    );
    assert!(
        regrouped > 1000,
        "{regrouped} captured pawns named in words"
    );
}

/// A game of the generated bench (its `10. B x B P Q Kt 4` was read `B x B P`, `Q Kt 4`,
/// a wrong move called complete): up to move 10, then its end.
const OPENING: &str = "1. P K 4 P Q B 4 2. P Q 4 Kt K B 3 3. P x P Kt x P 4. Kt K B 3 \
    P B 4 5. B Q B 4 P Q 4 6. P x P e.p. P x P 7. Kt B 3 B K 2 8. B B 4 Q R 4 9. Q K 2 B K 3 \
    10. B x B P Q Kt 4";
const ENDING: &str = " 11. O - O Kt Q B 3 12. B x B P Kt x Kt 13. P x Kt Q x B P \
    14. B x Q P Kt Q 5 15. Q x B mate";

#[test]
fn the_moves_after_a_run_on_capture_choose_its_grouping() {
    let d = read(&format!("{OPENING}{ENDING}"));
    assert!(d.failure.is_none(), "{:?}", d.failure);
    let p = plies(&d);
    assert_eq!(p[18..20], ["Bxe6 exact", "b5 exact"], "{p:?}");
    assert_eq!(p.len(), 29, "{p:?}");
    assert!(d.plies.iter().all(|p| !p.status.is_flagged()), "{p:?}");
    // Each move's span is its own words.
    let text = format!("{OPENING}{ENDING}");
    let words: Vec<&str> = d.plies[18..20]
        .iter()
        .map(|p| &text[p.span.range()])
        .collect();
    assert_eq!(words, ["B x B", "P Q Kt 4"]);
}

/// A random game of the property's kind that ends on a run-on capture both groupings
/// leave legal: `7. B x Q P K B 3` is `B x Q P`, `K B 3` (Bxd6, Kc6) or `B x Q`, `P K B 3`
/// (Bxd8, f6).
const BOTH_LEGAL: &str = "1. P Q B 3 P K Kt 4 2. P Q 4 P Q 3 3. P Q R 3 B K 3 \
    4. B x K Kt P P Q R 4 5. B x K P K Q 2 6. P Q Kt 3 B x Q Kt P 7. B x Q P K B 3";

#[test]
fn a_run_on_capture_that_both_groupings_leave_legal_is_flagged_with_the_other() {
    let d = read(BOTH_LEGAL);
    assert!(d.failure.is_none(), "{:?}", d.failure);
    let p = &d.plies[12..];
    assert!(
        p.iter()
            .all(|p| p.status == Status::Ambiguous && !p.alternatives.is_empty()),
        "{:?}",
        plies(&d)
    );
    let mut read: Vec<String> = p.iter().map(|p| p.san.to_string()).collect();
    read.extend(p.iter().flat_map(|p| p.alternatives.iter().cloned()));
    read.sort();
    assert_eq!(read, ["Bxd6", "Bxd8", "Kc6", "f6"], "{:?}", plies(&d));
    assert!(
        d.plies[..12].iter().all(|p| !p.status.is_flagged()),
        "{:?}",
        plies(&d)
    );
}
