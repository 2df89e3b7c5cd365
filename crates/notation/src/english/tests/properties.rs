//! Properties over generated moves and text: every style reads back, captured men stop
//! where they must, nothing panics; and the other groupings of spaced captures.

use super::*;

fn wing() -> impl Strategy<Value = Wing> {
    prop_oneof![Just(Wing::King), Just(Wing::Queen)]
}

fn paired() -> impl Strategy<Value = FileGroup> {
    prop_oneof![
        Just(FileGroup::Rook),
        Just(FileGroup::Knight),
        Just(FileGroup::Bishop)
    ]
}

fn group() -> impl Strategy<Value = FileGroup> {
    prop_oneof![paired(), Just(FileGroup::Queen), Just(FileGroup::King)]
}

fn man() -> impl Strategy<Value = Man> {
    let piece = prop_oneof![
        Just(Role::Knight),
        Just(Role::Bishop),
        Just(Role::Rook),
        Just(Role::Queen),
        Just(Role::King)
    ];
    let paired_role = prop_oneof![Just(Role::Knight), Just(Role::Bishop), Just(Role::Rook)];
    prop_oneof![
        Just(Man::plain(Role::Pawn)),
        group().prop_map(|g| Man {
            role: Role::Pawn,
            wing: None,
            file: Some(g)
        }),
        (wing(), paired()).prop_map(|(w, g)| Man {
            role: Role::Pawn,
            wing: Some(w),
            file: Some(g)
        }),
        piece.prop_map(Man::plain),
        (wing(), paired_role).prop_map(|(w, role)| Man {
            role,
            wing: Some(w),
            file: None
        }),
    ]
}

fn desc_file() -> impl Strategy<Value = DescFile> {
    prop_oneof![
        (paired(), proptest::option::of(wing())).prop_map(|(group, wing)| DescFile { group, wing }),
        prop_oneof![Just(FileGroup::Queen), Just(FileGroup::King)]
            .prop_map(|group| DescFile { group, wing: None }),
    ]
}

fn abs_full() -> impl Strategy<Value = Place> {
    (0u8..8, 0u8..8).prop_map(|(f, r)| {
        Place::Abs(AbsSquare {
            file: Some(f),
            rank: Some(r),
        })
    })
}

/// A destination: a file with an optional rank, or an algebraic square.
fn dest(ranked: bool) -> impl Strategy<Value = Place> {
    let rank = if ranked {
        (1u8..=8).prop_map(Some).boxed()
    } else {
        proptest::option::of(1u8..=8).boxed()
    };
    prop_oneof![
        3 => (desc_file(), rank, any::<bool>()).prop_map(|(f, rank, adverse)| {
            Place::Desc(DescSquare {
                file: Some(f),
                rank,
                adverse,
            })
        }),
        1 => abs_full(),
    ]
}

/// An origin: any part of a square.
fn origin_strategy() -> impl Strategy<Value = Place> {
    prop_oneof![
        (desc_file(), 1u8..=8).prop_map(|(f, r)| Place::Desc(DescSquare {
            file: Some(f),
            rank: Some(r),
            adverse: false
        })),
        desc_file().prop_map(|f| Place::Desc(DescSquare {
            file: Some(f),
            rank: None,
            adverse: false
        })),
        (1u8..=8).prop_map(|r| Place::Desc(DescSquare {
            file: None,
            rank: Some(r),
            adverse: false
        })),
        abs_full(),
        (0u8..8).prop_map(|f| Place::Abs(AbsSquare {
            file: Some(f),
            rank: None
        })),
    ]
}

fn promo_role() -> impl Strategy<Value = Role> {
    prop_oneof![
        Just(Role::Queen),
        Just(Role::Rook),
        Just(Role::Bishop),
        Just(Role::Knight)
    ]
}

fn piece_move() -> impl Strategy<Value = PieceMove> {
    (
        man(),
        man(),
        0u8..3,
        proptest::option::of(origin_strategy()),
        proptest::option::of(dest(false)),
        proptest::option::of(dest(true)),
        dest(true),
        proptest::option::of(promo_role()),
        proptest::option::of(1u8..=2),
    )
        .prop_map(
            |(man, victim, cap, from, to, to_ranked, to_some, promotion, advance)| {
                let pawn = man.role == Role::Pawn;
                let (capture, to) = match cap {
                    0 => (None, to),
                    1 => (Some(Some(victim)), to_ranked),
                    _ => (Some(None), Some(to_some)),
                };
                let from = from.filter(|_| !pawn && (capture.is_some() || to.is_some()));
                let advance = advance.filter(|_| pawn && capture.is_none() && to.is_none());
                PieceMove {
                    man,
                    from,
                    capture,
                    to,
                    promotion: promotion.filter(|_| pawn),
                    advance,
                }
            },
        )
}

fn en_move() -> impl Strategy<Value = Move> {
    let kind = prop_oneof![
        1 => prop_oneof![
            Just(None),
            Just(Some(CastleSide::King)),
            Just(Some(CastleSide::Queen))
        ]
        .prop_map(MoveKind::Castle),
        6 => piece_move().prop_map(MoveKind::Piece),
    ];
    let check = proptest::option::of(prop_oneof![
        Just(CheckMark::Check),
        Just(CheckMark::Discovered),
        Just(CheckMark::Double),
        Just(CheckMark::Mate)
    ]);
    (kind, check, any::<bool>(), proptest::option::of(1u8..=6)).prop_map(
        |(kind, check, en_passant, nag)| Move {
            kind,
            check,
            en_passant,
            nag,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn every_style_reads_back(mv in en_move()) {
        for form in [Form::Compact, Form::Spaced, Form::LongHand] {
            for knight in [KnightLetter::Kt, KnightLetter::N] {
                let text = written(&mv, form, knight);
                let back = parse_move(EN, &text);
                prop_assert_eq!(back.as_ref(), Ok(&mv), "{:?} {:?}: {}", form, knight, text);
                // A move followed by the next one in a line still reads alone.
                let line = format!("{text} 12. P-K4");
                let (again, n) = parse_move_prefix(EN, &line).expect("prefix");
                prop_assert_eq!(again, mv);
                prop_assert_eq!(n, text.len());
            }
        }
    }

    /// `3. B. takes B. 1-0`: the result's `1` (or the next move's number) is never read
    /// as the rank of a square after a captured man, in any spelling or spacing.
    #[test]
    fn a_captured_man_before_a_result_or_a_move_number_is_no_square(
        mover in man(),
        victim in man(),
        form in prop_oneof![Just(Form::Compact), Just(Form::Spaced), Just(Form::LongHand)],
        knight in prop_oneof![Just(KnightLetter::Kt), Just(KnightLetter::N)],
        undotted in any::<bool>(),
        blank in prop_oneof![Just(" "), Just("  "), Just("\t"), Just("\n"), Just(" \u{a0}")],
        after in 0usize..10,
        number in 1u32..120,
    ) {
        let mv = Move::new(MoveKind::Piece(PieceMove {
            capture: Some(Some(victim)),
            ..bare(mover, None)
        }));
        let mut text = written(&mv, form, knight);
        // Books also print the long hand without its periods: `B takes B`.
        if undotted && form == Form::LongHand {
            text = text.replace('.', "");
        }
        let results = [
            ("1-0", Termination::WhiteWins),
            ("0-1", Termination::BlackWins),
            ("½-½", Termination::Draw),
            ("1/2-1/2", Termination::Draw),
            ("*", Termination::Unknown),
            ("1 - 0", Termination::WhiteWins),
            ("1–0", Termination::WhiteWins),
            ("1:0", Termination::WhiteWins),
        ];
        let line = match results.get(after) {
            Some((r, _)) => format!("{text}{blank}{r}"),
            None => format!("{text}{blank}{number}. P-K4"),
        };
        let tokens = tokenize(EN, &line);
        prop_assert!(tokens.len() >= 2, "{line:?}: {tokens:?}");
        prop_assert_eq!(tokens[0].kind, TokenKind::Move(mv), "{:?}", line);
        prop_assert_eq!(tokens[0].span.end as usize, text.len(), "{:?}", line);
        let want = match results.get(after) {
            Some(&(_, t)) => TokenKind::Result(t),
            None => TokenKind::MoveNumber { number, black: false },
        };
        prop_assert_eq!(tokens[1].kind, want, "{:?}", line);
    }

    /// Spaced print, with or without its dashes (`Kt x Q B Q 3` is `Kt x Q` then `B Q 3`):
    /// a captured man is read no further than leaves the next move whole, so two moves
    /// in a row leave no word unread. (Where both readings are whole, as `P x Q Kt ch`,
    /// the longer man stands.) Long hand ends its men with stops, and is left alone.
    #[test]
    fn a_spaced_captured_man_leaves_the_next_move_whole(
        mover in man(),
        victim in man(),
        next in en_move(),
        dashless in any::<bool>(),
    ) {
        let first = Move::new(MoveKind::Piece(PieceMove {
            capture: Some(Some(victim)),
            ..bare(mover, None)
        }));
        let print = |mv: &Move| {
            let text = written(mv, Form::Spaced, KnightLetter::Kt);
            if dashless && !matches!(mv.kind, MoveKind::Castle(_)) {
                text.replace(" - ", " ")
            } else {
                text
            }
        };
        // Only moves that read alone in this print (`P - R` without its dash does not).
        prop_assume!(parse_move(EN, &print(&next)).as_ref() == Ok(&next));
        prop_assume!(parse_move(EN, &print(&first)).as_ref() == Ok(&first));
        // `P x Q Kt (R 1)`, with a blank, names the square of the capture, by convention.
        prop_assume!(!print(&next).contains('('));
        // One move is looked ahead, not two: in `P x Kt P K R 1 = Q` the next move, `K R
        // 1`, reads whole, and only its promotion is left over.
        prop_assume!(!matches!(next.kind, MoveKind::Piece(PieceMove { promotion: Some(_), .. })));
        let line = format!("{} {}", print(&first), print(&next));
        let tokens = tokenize(EN, &line);
        prop_assert!(
            tokens.iter().all(|t| matches!(t.kind, TokenKind::Move(_))),
            "{:?}: {:?}",
            line,
            tokens
        );
    }

    #[test]
    fn never_panics_on_any_text(s in "\\PC{0,40}") {
        check_no_panic(&s);
    }

    #[test]
    fn never_panics_on_notation_soup(
        s in "[KQRBNPtTxX×:()/=\\-–—.,' ’s0-9a-hOo+#!?a-z ]{0,30}"
    ) {
        check_no_panic(&s);
    }
}

fn check_no_panic(s: &str) {
    if let Some((_, n)) = parse_move_prefix(EN, s) {
        assert!(n <= s.len() && s.is_char_boundary(n), "{s:?} {n}");
    }
    for t in tokenize(EN, s) {
        let r = t.span.range();
        assert!(r.end <= s.len() && s.is_char_boundary(r.start) && s.is_char_boundary(r.end));
    }
    let mut out = String::new();
    if let Ok(mv) = parse_move(EN, s) {
        for form in [Form::Compact, Form::Spaced, Form::LongHand] {
            write(
                &mv,
                Style {
                    form,
                    knight: KnightLetter::Kt,
                },
                &mut out,
            );
        }
    }
}

#[test]
fn writers_do_not_panic_on_odd_asts() {
    let odd = Move {
        kind: MoveKind::Piece(PieceMove {
            man: Man {
                role: Role::King,
                wing: Some(Wing::Queen),
                file: Some(FileGroup::King),
            },
            from: Some(Place::Abs(AbsSquare {
                file: Some(200),
                rank: Some(255),
            })),
            capture: Some(None),
            to: Some(Place::Desc(DescSquare {
                file: None,
                rank: Some(0),
                adverse: true,
            })),
            promotion: Some(Role::King),
            advance: Some(200),
        }),
        check: Some(CheckMark::Double),
        en_passant: true,
        nag: Some(200),
    };
    for form in [Form::Compact, Form::Spaced, Form::LongHand] {
        let mut out = String::new();
        write(
            &odd,
            Style {
                form,
                knight: KnightLetter::N,
            },
            &mut out,
        );
        assert!(!out.is_empty());
    }
}

/// The moves of each other grouping of `line`'s first two move tokens, shown.
fn regrouped(line: &str) -> Vec<[String; 2]> {
    let t = tokenize(EN, line);
    let moves: Vec<&Token> = t
        .iter()
        .filter(|t| matches!(t.kind, TokenKind::Move(_)))
        .collect();
    let [a, b, ..] = moves[..] else {
        panic!("{line}: two moves, {t:?}")
    };
    crate::movetext::regroupings(EN, line, a.span, b.span)
        .iter()
        .map(|(x, y)| {
            // Each grouping's moves read alone as the words of their spans do.
            for t in [x, y] {
                let TokenKind::Move(m) = t.kind else {
                    panic!("{t:?}")
                };
                assert_eq!(parse_move(EN, &line[t.span.range()]), Ok(m), "{line}");
            }
            [&line[x.span.range()], &line[y.span.range()]].map(str::to_owned)
        })
        .collect()
}

/// Dash-less print runs a captured man's words on into the next move: the tokenizer reads
/// one grouping, and the other is offered for the board to weigh.
#[test]
fn a_spaced_captured_man_whose_words_run_on_has_the_other_grouping() {
    let cases = [
        ("10. B x B P Q Kt 4", ["B x B", "P Q Kt 4"]),
        ("15. B x B P K R 4", ["B x B", "P K R 4"]),
        ("16. R x B P K B 4", ["R x B", "P K B 4"]),
        ("Kt x R P Q Kt 4", ["Kt x R", "P Q Kt 4"]),
    ];
    for (line, other) in cases {
        let other = other.map(str::to_owned);
        let got = regrouped(line);
        assert!(got.contains(&other), "{line}: {got:?}");
    }
}

/// No other grouping where the words after the shorter man read as no one move to the
/// second token's end, and never in compact or long-hand print, or across a line.
#[test]
fn only_run_on_words_have_another_grouping() {
    for line in [
        "Kt x K P B x B",
        "7. Kt x K P ch K B 1",
        "B x B P - Q Kt 4",
        "BxBP Q-Kt4",
        "BxB P-QKt4",
        "B. takes B. P. Q. to Kt's 4th.",
        "B x B P\nQ Kt 4",
        "B x B P   Q Kt 4",
        "B x Q 4 P Q Kt 4",
    ] {
        assert_eq!(regrouped(line), Vec::<[String; 2]>::new(), "{line}");
    }
}
