//! The decoder's own tests: repairs, reach-backs, the readings cache, budgets, ties.

use escriba_notation::{AlgLang, DescLang, Dialect, Style};
use shakmaty::Chess;

use crate::{Options, Status, resolve, start_position};

const EN: Dialect = Dialect::Descriptive(DescLang::En);
const EN_ALG: Dialect = Dialect::Algebraic(AlgLang::En);

const RUY: &str = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 4. B-R4 Kt-B3";
const RUY_SAN: [&str; 8] = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"];

/// Decodes `text` from the standard start with the default options.
fn read(text: &str, dialect: Dialect) -> super::Decoded {
    resolve(
        text,
        dialect,
        start_position(None, false).unwrap(),
        &Options::default(),
    )
}

/// The plies before the damaged one are the book's, read as printed; the damaged one
/// stops the game there (with the nearest readings) or is ambiguous with alternatives.
fn assert_stops_or_ambiguous(text: &str, dialect: Dialect, printed: &[&str]) {
    let d = read(text, dialect);
    let n = printed.len();
    assert!(d.plies.len() >= n, "{text}: {:?}", d.plies);
    let sans: Vec<&str> = d.plies[..n].iter().map(|p| p.san.as_str()).collect();
    assert_eq!(
        sans, printed,
        "{text}: no ply before the damaged one changes"
    );
    assert!(
        d.plies[..n].iter().all(|p| !p.status.is_flagged()),
        "{text}: {:?}",
        d.plies
    );
    match d.plies.get(n) {
        None => {
            let f = d.failure.expect("the game stops at the damaged token");
            assert_eq!(f.ply, n, "{text}");
            assert!(
                !f.nearest().is_empty(),
                "{text}: the nearest readings are listed"
            );
        }
        Some(p) => {
            assert_eq!(p.status, Status::Ambiguous, "{text}: {p:?}");
            assert!(!p.alternatives.is_empty(), "{text}: {p:?}");
        }
    }
}

#[test]
fn a_repair_never_rewrites_a_move_the_book_printed_right_to_make_a_damaged_one_fit() {
    for damaged in ["Q-KR8", "P-K8", "R-QR8"] {
        let text = format!("{RUY} 5. {damaged} B-K2 6. Castles P-QKt4");
        assert_stops_or_ambiguous(&text, EN, &RUY_SAN);
    }
    assert_stops_or_ambiguous("1. e4 e5 2. Ke3", EN_ALG, &["e4", "e5"]);
}

#[test]
fn a_capture_of_nothing_with_no_square_printed_is_no_repair_to_pick() {
    // `QxQ`: no queen can take a queen, and the token names no square to go to.
    let text = format!("{RUY} 5. QxQ B-K2 6. Castles P-QKt4");
    assert_stops_or_ambiguous(&text, EN, &RUY_SAN);
}

#[test]
fn a_reach_back_is_taken_when_it_lets_the_dead_end_token_read_as_printed() {
    // `P-QB4` reads (c4), but then `PxP` fits nothing; `P-KB4` (a swapped wing) lets
    // `PxP` read as printed.
    let d = read("1. P-QB4 P-K4 2. PxP", EN);
    assert!(d.failure.is_none(), "{:?}", d.failure);
    let sans: Vec<&str> = d.plies.iter().map(|p| p.san.as_str()).collect();
    assert_eq!(sans, ["f4", "e5", "fxe5"]);
    assert_eq!(d.plies[0].status, Status::Repaired);
    assert!(!d.plies[2].status.is_flagged(), "{:?}", d.plies[2]);
}

/// A random game of `plies` plies from the standard position (the test kit's, seeded),
/// if it lasts so long.
fn long_game(seed: u64, plies: usize) -> Option<Vec<shakmaty::Move>> {
    let rng = &mut escriba_testkit::Rng::new(seed);
    let moves = escriba_testkit::uniform_line(rng, &Chess::default(), plies);
    (moves.len() == plies).then_some(moves)
}

/// Random games of 80 plies in English and Spanish, with one move token in ten damaged
/// by the damage model.
fn damaged_games() -> Vec<(Dialect, String)> {
    let es = Dialect::Descriptive(DescLang::Es);
    let mut rng = escriba_testkit::Rng::new(0);
    let mut below = move |n: usize| rng.below(n);
    let start = Chess::default();
    let mut out = Vec::new();
    for seed in 1..=40 {
        let Some(moves) = long_game(seed, 80) else {
            continue;
        };
        for dialect in [EN, es] {
            let clean =
                crate::describe::write_game(&start, &moves, dialect, Style::default()).unwrap();
            // One move token in ten damaged.
            let text = escriba_notation::damage::damage_movetext(dialect, &clean, 100, &mut below);
            out.push((dialect, text));
        }
    }
    out
}

thread_local! {
    /// Repairs that `check_hopeless` found spared and checked, on this thread.
    pub(super) static SPARED_CHECKED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// States a reach-back window passed over as explored by a narrower one.
    pub(super) static EXPLORED_SKIPPED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// States whose repairs were spared only because the states a reach-back passed
    /// over were cheaper.
    pub(super) static SPARED_BY_FLOOR: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Damaged games, decoded with the debug check of every repair `repairs_hopeless`
/// spares: none of them could have been kept by the prune (the check panics if one
/// could).
#[cfg(debug_assertions)]
#[test]
fn the_repairs_spared_as_hopeless_are_all_dearer_than_the_prune_keeps() {
    let checked = counted_over_damaged_games(&SPARED_CHECKED);
    assert!(checked > 100, "only {checked} spared repairs were checked");
}

/// What the decoder's test `counter` counts over [`damaged_games`].
fn counted_over_damaged_games(
    counter: &'static std::thread::LocalKey<std::cell::Cell<usize>>,
) -> usize {
    counter.with(|n| n.set(0));
    for (dialect, text) in damaged_games() {
        resolve(&text, dialect, Chess::default(), &Options::default());
    }
    counter.with(|n| n.get())
}

/// A wider reach-back window does not decode again the states that the narrower one
/// before it explored from its start on (the same position at the same token, with the
/// same tokens open): they came to nothing there.
#[test]
fn a_wider_reach_back_window_passes_over_the_states_a_narrower_one_explored() {
    let skipped = counted_over_damaged_games(&EXPLORED_SKIPPED);
    assert!(
        skipped > 10,
        "only {skipped} explored states were passed over"
    );
}

/// Where a wider reach-back window passes over explored states, the prune measures its
/// margin from them, so the repairs of a state dearer than them by more than the margin
/// are not made either.
#[test]
fn a_wider_reach_back_window_makes_no_repair_the_states_it_passed_over_rule_out() {
    let spared = counted_over_damaged_games(&SPARED_BY_FLOOR);
    assert!(spared > 10, "only {spared} states were spared by the floor");
}

#[test]
fn one_dialects_texts_filling_the_readings_cache_leave_another_dialects_in_it() {
    let es = Dialect::Descriptive(DescLang::Es);
    let kept = super::cache::shared_readings(es, "P4R");
    for i in 0..=super::cache::SHARED_READINGS {
        super::cache::shared_readings(EN, &format!("Q{i}"));
    }
    assert!(
        std::rc::Rc::ptr_eq(&kept, &super::cache::shared_readings(es, "P4R")),
        "the Spanish readings were read again"
    );
}

#[test]
fn a_long_game_that_fails_at_its_last_move_expands_a_bounded_multiple_of_a_clean_decode() {
    let start = Chess::default();
    let moves = (1..)
        .find_map(|seed| long_game(seed, 300))
        .expect("a 300-ply game");
    let clean = crate::describe::write_game(&start, &moves, EN, Style::default()).unwrap();
    let clean_nodes = resolve(&clean, EN, start.clone(), &Options::default()).nodes_expanded;
    // The last move replaced by one that fits nothing there (`QxQ` with no queen to
    // take, or `P-K8` where no pawn can go).
    let cut = clean.rfind(' ').unwrap();
    let last = ["QxQ", "P-K8", "KtxKt", "Castles"]
        .into_iter()
        .map(|bad| format!("{} {bad}", &clean[..cut]))
        .map(|text| {
            let d = resolve(&text, EN, start.clone(), &Options::default());
            (text, d)
        })
        .find(|(_, d)| d.failure.is_some() && d.plies.len() == 299);
    let (text, d) = last.expect("one of the bad tokens fails at the last move");
    assert_eq!(d.plies.len(), 299, "{text}");
    eprintln!(
        "300 plies, failing at the last: {} nodes expanded; clean: {clean_nodes}",
        d.nodes_expanded
    );
    assert!(
        d.nodes_expanded <= 8 * clean_nodes,
        "{} nodes against {clean_nodes} for the clean game",
        d.nodes_expanded
    );
}

#[test]
fn a_repair_search_that_runs_out_of_budget_stops_at_the_dead_end_and_says_so() {
    let text = format!("{RUY} 5. Castles B-K2 6. P-Q8 P-QKt4");
    let opts = Options {
        node_budget: Some(1),
        ..Options::default()
    };
    let d = resolve(&text, EN, start_position(None, false).unwrap(), &opts);
    assert!(d.search_capped);
    let f = d.failure.expect("the game stops");
    assert_eq!(f.text, "P-Q8");
    assert!(f.message.contains("capped"), "{}", f.message);
    assert_eq!(d.plies.len(), 10);
    // With the default budget the same damage is repaired (`P-Q8` read as `P-Q3`).
    let d = read(&text, EN);
    assert!(!d.search_capped);
    assert!(d.failure.is_none(), "{:?}", d.failure);
}

#[test]
fn text_that_is_mostly_not_moves_is_not_repaired() {
    let text = "P-K4 the game was then adjourned for lunch and resumed R-KS";
    let d = read(text, EN);
    assert!(d.plies.iter().all(|p| p.status != Status::Repaired));
    assert_eq!(d.nodes_expanded, 1, "only the strict reading of P-K4");
}

#[test]
fn a_last_resort_reading_is_taken_where_no_other_reading_fits() {
    // `KBJ`: only a garbled digit reads it (`J` is no look-alike of one).
    let d = read("1. P-K4 P-K4 2. Kt-KBJ Kt-QB3 3. B-B4 B-B4", EN);
    assert!(d.failure.is_none(), "{:?}", d.failure);
    assert_eq!(d.plies[2].san, "Nf3");
    assert_eq!(d.plies[2].status, Status::Repaired);
}

#[test]
fn a_repair_attempt_tries_the_last_resort_readings_of_its_window() {
    // `P-QRH`: `H` looks like a `4` (a4), but the game stops at `P-QR4`. Read as a
    // garbled digit, it is `P-QR3` (a3), and the game goes on.
    let d = read("1. P-QRH P-K4 2. P-QR4 P-Q4 3. Kt-KB3 Kt-QB3", EN);
    assert!(d.failure.is_none(), "{:?}", d.failure);
    let sans: Vec<_> = d.plies.iter().map(|p| p.san.as_str()).collect();
    assert_eq!(sans, ["a3", "e5", "a4", "d5", "Nf3", "Nc6"]);
    assert_eq!(d.plies[0].status, Status::Repaired);
}

#[test]
fn a_move_that_reads_as_printed_is_not_rewritten_by_a_last_resort() {
    // `PxP` finds nothing to take after d4 d5. Read as `P4` (its `D` dropped as a stray
    // character), `P4D` could be any pawn to the fourth rank, c4 among them, and the
    // game would go on; but d4 reads as printed, and a rewrite of it with damage the
    // model never makes is no reading to offer: the game stops at `PxP`.
    let es = Dialect::Descriptive(DescLang::Es);
    let text = "1. P4D P4D 2. PxP C3AR 3. C3AD CxP";
    let d = read(text, es);
    let sans: Vec<_> = d.plies.iter().map(|p| p.san.as_str()).collect();
    assert_eq!(sans, ["d4", "d5"]);
    let f = d.failure.expect("the game stops");
    assert_eq!(f.span.start as usize, text.find("PxP").unwrap());
}

#[test]
fn a_move_with_unread_text_glued_to_it_is_read_as_printed_or_joined_only() {
    // `qqq` reads as nothing. Glued to `Kt-KB3`, it is read with it from the first pass
    // on (`Kt-KB3qqq` reads as nothing either), but `Kt-KB3` itself is read as printed:
    // one node per ply, as in a clean decode. Its other repairs (`Kt-QB3`, a swapped
    // wing, kept as a rival until the moves after it ruled it out) wait for a repair
    // attempt's window.
    let d = read("1. P-K4 P-K4 2. Kt-KB3 qqq Kt-QB3 3. B-Kt5 P-QR3", EN);
    assert!(d.failure.is_none(), "{:?}", d.failure);
    let sans: Vec<_> = d.plies.iter().map(|p| p.san.as_str()).collect();
    assert_eq!(sans, RUY_SAN[..6]);
    assert_eq!(d.nodes_expanded, 6);
}

#[test]
fn a_join_of_unread_text_with_the_next_token_gets_no_last_resort() {
    // `Kt-KBJ` reads as Nf3 with a garbled digit (a last resort); split as `Kt- KBJ`,
    // that would take a join and a last resort at once: the game stops there instead.
    let text = "1. P-K4 P-K4 2. Kt- KBJ Kt-QB3 3. B-B4 B-B4";
    let d = read(text, EN);
    let sans: Vec<_> = d.plies.iter().map(|p| p.san.as_str()).collect();
    assert_eq!(sans, ["e4", "e5"], "{:?}", d.failure);
    let f = d.failure.expect("the game stops");
    assert_eq!(f.span.start as usize, text.find("Kt- ").unwrap());
    // Joined without the garble, the same split reads.
    let d = read("1. P-K4 P-K4 2. Kt- KB3 Kt-QB3 3. B-B4 B-B4", EN);
    assert!(d.failure.is_none(), "{:?}", d.failure);
    assert_eq!(d.plies[2].san, "Nf3");
}

#[test]
fn a_last_resort_reading_is_not_tried_where_another_reading_fits() {
    // `PR` lost its digit: `P3R` and `P4R` fit (e3, e4). Read as `P3` or `P4` (the `R`
    // a garbled digit), any pawn could go to the third or fourth rank: 16 moves.
    let es = Dialect::Descriptive(DescLang::Es);
    let d = read("1. PR P4R 2. C3AR C3AD", es);
    assert!(d.failure.is_none(), "{:?}", d.failure);
    assert_eq!(d.plies[0].status, Status::Ambiguous, "e3 or e4");
    // Two readings of `PR`, each followed by one reading of the three moves after it,
    // and `P4R` read as White's, passing over `PR` (the move number after it ends that).
    // With the last resorts tried too, this is 64.
    assert_eq!(
        d.nodes_expanded,
        2 * 4 + 1,
        "no pawn move but e3 and e4 was tried"
    );
}

#[test]
fn an_unreadable_move_is_the_failure_not_the_move_number_after_it() {
    let text = "1. P-K4 P-K4 2. Kt-KB3 XYZZY 3. B-B4 B-B4";
    let d = read(text, EN);
    let f = d.failure.expect("the game stops");
    assert_eq!(f.text, "XYZZY");
    assert_eq!(f.span.start as usize, text.find("XYZZY").unwrap());
    let sans: Vec<_> = d.plies.iter().map(|p| p.san.as_str()).collect();
    assert_eq!(
        sans,
        ["e4", "e5", "Nf3"],
        "nothing after the unread move is kept"
    );
}

#[test]
fn a_settled_ambiguity_is_inferred_and_a_true_tie_is_ambiguous() {
    // After 1.e4 e5, `P-B4` is c4 or f4; `PxP` then settles it (only f4 can take e5).
    let d = read("1. P-K4 P-K4 2. P-B4 P-Q3 3. PxP", EN);
    assert_eq!(d.plies[2].san, "f4");
    assert_eq!(d.plies[2].status, crate::Status::Inferred);
    // Without the capture, both readings complete the game: a tie, reported.
    let d = read("1. P-K4 P-K4 2. P-B4", EN);
    assert_eq!(d.plies[2].status, crate::Status::Ambiguous);
    assert_eq!(d.plies[2].alternatives.len(), 1);
}

#[test]
fn a_game_of_endless_ties_stays_bounded_and_says_so() {
    // Every pawn move names two files: 2^8 readings of four moves, none settled.
    let text = "1. P-R3 P-R3 2. P-Kt3 P-Kt3 3. P-B3 P-B3 4. P-R4 P-R4";
    let opts = Options {
        beam: 16,
        ..Options::default()
    };
    let d = resolve(text, EN, start_position(None, false).unwrap(), &opts);
    assert!(d.beam_capped, "the cap was hit and reported");
    assert_eq!(d.plies.len(), 8);
    assert!(
        d.plies.iter().all(|p| p.status == crate::Status::Ambiguous),
        "{:?}",
        d.plies
    );
}

#[test]
fn absurd_move_numbers_and_move_counters_do_not_overflow() {
    let d = read("4294967295. P-K4", EN);
    assert_eq!(d.plies.len(), 1, "a misnumbered line is only a cost");
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 4294967295";
    let d = resolve(
        "1. P-K4 K-Q2 2. P-K5",
        EN,
        start_position(Some(fen), false).unwrap(),
        &Options::default(),
    );
    assert_eq!(d.plies.len(), 3);
}

#[test]
fn a_word_lost_where_every_ply_is_numbered_is_a_flagged_ply_the_board_chooses() {
    // White's 5th lost to the OCR (`JM` for `5 P-Q4`): Black's `5 P x P` takes a pawn
    // on Q4 or KB4, and White's `7 Kt x P` only the one on Q4, so the board chooses it;
    // the game goes on, and the ply is flagged.
    let text = "1 P-K4 1 P-K4 2 Kt-KB3 2 Kt-QB3 3 B-Kt5 3 P-QR3 4 B-R4 4 Kt-B3 \
                JM 5 P x P 6 Castles 6 B-K2 7 Kt x P";
    let d = read(text, EN);
    let sans: Vec<&str> = d.plies.iter().map(|p| p.san.as_str()).collect();
    assert_eq!(
        sans,
        [RUY_SAN.as_slice(), &["d4", "exd4", "O-O", "Be7", "Nxd4"]].concat(),
        "{:?}",
        d.failure
    );
    assert_eq!(d.lost, 1);
    let lost = &d.plies[8];
    assert!(lost.status.is_flagged(), "{lost:?}");
    assert!(
        lost.note.as_deref().is_some_and(|n| n.contains("`JM`")),
        "{lost:?}"
    );
    assert!(
        d.plies
            .iter()
            .enumerate()
            .all(|(i, p)| i == 8 || !p.status.is_flagged()),
        "{:?}",
        d.plies
    );
    // Where the numbers do not say so (one number a move), the word is passed over.
    let one_number = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 JM 3. B-Kt5 P-QR3";
    assert_eq!(read(one_number, EN).lost, 0);
}

#[test]
fn plies_read_only_after_a_legal_printed_move_was_rewritten_are_flagged_when_the_game_stops() {
    // OCR lost `4. O-O P-Q4 5.` at a page end. `PxP PxP` then reads only if Black's
    // `P-QB4` (c5, legal as printed) is rewritten as f5, and the game stops at the next
    // move: the two captures are not the book's moves 4, and must not pass unflagged.
    let text = "1. P-K4 P-QB4 2. Kt-KB3 Kt-QB3 3. B-B4 P-K3 4. PxP PxP 6. Q-K2 ch B-K3";
    let d = read(text, EN);
    assert!(d.failure.is_some(), "{:?}", d.plies);
    for (i, p) in d.plies.iter().enumerate() {
        let rewritten_before = d.plies[..i]
            .iter()
            .any(|q| q.status == Status::Repaired && q.san == "f5");
        assert!(
            !rewritten_before || p.status.is_flagged(),
            "ply {} ({}) stands on the rewrite of c5 and is not flagged: {:?}",
            i + 1,
            p.san,
            d.plies
        );
    }
}

#[test]
fn a_damaged_castling_sign_is_the_side_the_board_allows_flagged_and_a_clean_one_is_not() {
    // A link between some marks and not others (`0-O0`, `O-OO`: a mark or a link too
    // many or too few): the queen's side is closed, so the king's it is, repaired; a sign
    // whose links fit its marks, in whatever founts, reads as printed, unflagged.
    for (sign, flagged) in [
        ("0-O0", true),
        ("O-OO", true),
        ("OO-O", true),
        ("O-0", false),
        ("0–O", false),
        ("O-O", false),
    ] {
        let text = format!("{RUY} 5. {sign} B-K2 6. R-K1 P-QKt4");
        let d = read(&text, EN);
        let p = d.plies.get(8).unwrap_or_else(|| panic!("{text}: {d:?}"));
        assert_eq!(p.san, "O-O", "{text}");
        assert_eq!(p.status.is_flagged(), flagged, "{text}: {p:?}");
        assert_eq!(d.plies.len(), 12, "{text}: the game goes on");
    }
    // Both sides open: the damaged sign is never silently one of them.
    let open = "1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. Nf3 Nf6 6. e3 e6 7. Be2 Be7";
    for sign in ["0-O0", "O-OO", "oO-O"] {
        let d = read(&format!("{open} 8. {sign} h6"), EN_ALG);
        let p = d.plies.get(14);
        assert!(p.is_none_or(|p| p.status.is_flagged()), "{sign}: {p:?}");
    }
    for sign in ["O-O-O", "0–0-O", "000"] {
        let clean = read(&format!("{open} 8. {sign} h6"), EN_ALG);
        let p = &clean.plies[14];
        assert!(p.san == "O-O-O" && !p.status.is_flagged(), "{sign}: {p:?}");
    }
}
