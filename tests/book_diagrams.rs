//! A diagram inside a game is read whatever way the book marks its men, and checked
//! against the replay: every drawing the book generator prints (each way of telling the
//! sides apart, boxed, ruled or bare, with rank and file labels or without, printed from
//! either side) reads back as the position at its place; a diagram that differs from the
//! replay on most squares is a diagram read wrong, a warning at its line that flags no
//! move; one that differs on a few squares is evidence against the move before it.

use std::fmt::Write as _;

use escriba_pipeline::GameResult;
use escriba_resolve::shakmaty::{Board, Square};
use xtask::bookgen::diagrams::{Drawing, draw};

use crate::book_random_kit::*;
use escriba_testkit::Rng;

/// A random game with a diagram after its first `cut` plies (an even number, away from
/// both ends).
struct Drawn {
    score: Score,
    cut: usize,
    /// The diagram's lines.
    lines: Vec<String>,
    /// The game's text.
    text: String,
    /// The round, the drawing and the notation, for messages.
    what: String,
}

/// The sources of randomness of a test: the games' and the drawings'.
struct Draws {
    games: Rng,
    drawings: Rng,
}

impl Draws {
    fn new(seed: u64) -> Draws {
        Draws {
            games: Rng::new(seed),
            // A stream of its own, apart from the games'.
            drawings: Rng::new(seed).fork(1),
        }
    }

    /// Round `round`'s game in `drawing`, its diagram showing `board(score, cut)`, or
    /// `None` when that gives no board.
    fn game(
        &mut self,
        round: usize,
        drawing: Drawing,
        board: impl Fn(&Score, usize, &mut Rng) -> Option<Board>,
    ) -> Option<Drawn> {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut self.games, print);
        let cut = 6 + 2 * self.games.below((score.moves.len() - 10) / 2);
        let shown = board(&score, cut, &mut self.games)?;
        let lines = draw(
            &mut self.drawings,
            &shown,
            drawing,
            round + 1,
            print.name == "spanish",
            print.name == "compact-n",
        );
        let (white, black) = players(round);
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        score.rows(0, cut, &mut text);
        text.push('\n');
        for l in &lines {
            writeln!(text, "{l}").unwrap();
        }
        text.push('\n');
        score.rows(cut, score.moves.len(), &mut text);
        text.push_str("\nAnd wins.\n");
        let what = format!("round {round}, {} in {}", drawing.label(), print.name);
        Some(Drawn {
            score,
            cut,
            lines,
            text,
            what,
        })
    }
}

/// The one game with moves read from `d`'s text.
fn read_one(d: &Drawn) -> GameResult {
    let mut games: Vec<GameResult> = default_mode(&d.text)
        .into_iter()
        .filter(|r| !r.plies.is_empty())
        .collect();
    assert_eq!(games.len(), 1, "{}:\n{}", d.what, d.text);
    games.remove(0)
}

/// The one game read from `d`'s text, every ply of its score, none flagged by a diagram.
fn read_unflagged(d: &Drawn) -> GameResult {
    let g = read_one(d);
    assert_eq!(
        g.plies.len(),
        d.score.moves.len(),
        "{}:\n{}",
        d.what,
        d.text
    );
    let flagged: Vec<String> = g
        .plies
        .iter()
        .filter(|p| {
            p.ply.status.is_flagged()
                && p.ply.note.as_deref().is_some_and(|n| n.contains("diagram"))
        })
        .map(|p| format!("{} {:?} {:?}", p.ply.san, p.ply.status, p.ply.note))
        .collect();
    assert!(flagged.is_empty(), "{}: {flagged:?}\n{}", d.what, d.text);
    g
}

#[test]
fn every_drawing_of_a_diagram_reads_back_as_the_position_at_its_place() {
    let mut draws = Draws::new(3401);
    let drawings = Drawing::all();
    for round in 0..4 * drawings.len() {
        let drawing = drawings[round % drawings.len()];
        let d = draws
            .game(round, drawing, |s, cut, _| Some(s.boards[cut - 1].clone()))
            .expect("a board");
        let g = read_unflagged(&d);
        assert_eq!(
            (g.diagrams.checked, g.diagrams.agree),
            (1, 1),
            "{}: {:?}\n{}",
            d.what,
            g.issues,
            d.text
        );
    }
}

/// `board` moved `down` ranks towards White's side: a rank lost at the top of the
/// drawing, and the ranks under it standing lower.
fn shifted_down(board: &Board, down: u32) -> Board {
    let mut out = Board::empty();
    for sq in Square::ALL {
        if let Some(p) = board.piece_at(sq)
            && let Some(to) = sq.offset(-8 * down as i32)
        {
            out.set_piece_at(to, p);
        }
    }
    out
}

#[test]
fn a_diagram_that_differs_on_most_squares_is_misread_a_warning_that_flags_no_move() {
    let mut draws = Draws::new(3402);
    let drawings = Drawing::all();
    let mut misread = 0;
    for round in 0..60 {
        let drawing = drawings[round % drawings.len()];
        // The drawing lost a rank at its top, or two: its ranks stand lower. Kept when
        // that moves most of the men.
        let Some(d) = draws.game(round, drawing, |s, cut, rng| {
            let right = &s.boards[cut - 1];
            let wrong = shifted_down(right, 1 + rng.below(2) as u32);
            let differ = Square::ALL
                .iter()
                .filter(|&&sq| wrong.piece_at(sq) != right.piece_at(sq))
                .count();
            (2 * differ > (wrong.occupied() | right.occupied()).count()).then_some(wrong)
        }) else {
            continue;
        };
        misread += 1;
        let g = read_unflagged(&d);
        assert_eq!(
            (g.diagrams.checked, g.diagrams.misread),
            (1, 1),
            "{}: {:?}\n{}",
            d.what,
            g.issues,
            d.text
        );
        let first = d
            .text
            .lines()
            .position(|l| d.lines.first().is_some_and(|f| l == f))
            .expect("the drawing's first line")
            + 1;
        let warning = g
            .issues
            .iter()
            .find(|i| i.message.contains("read wrong"))
            .unwrap_or_else(|| panic!("{}: no warning in {:?}", d.what, g.issues));
        assert!(warning.ply.is_none(), "{}: {warning:?}", d.what);
        assert!(
            (first..first + d.lines.len()).contains(&warning.line),
            "{}: the warning stands at line {}, the diagram at {first}",
            d.what,
            warning.line
        );
    }
    assert!(misread >= 30, "{misread} misread diagrams drawn");
}

#[test]
fn a_diagram_that_differs_on_a_few_squares_flags_the_move_before_it() {
    let mut draws = Draws::new(3403);
    let drawings = Drawing::all();
    for round in 0..40 {
        let drawing = drawings[round % drawings.len()];
        // The position one ply on: the diagram shows a move the table has not printed.
        let d = draws
            .game(round, drawing, |s, cut, _| Some(s.boards[cut].clone()))
            .expect("a board");
        let g = read_one(&d);
        assert_eq!(
            (g.diagrams.checked, g.diagrams.differ),
            (1, 1),
            "{}:\n{}",
            d.what,
            d.text
        );
        let before = &g.plies[d.cut - 1].ply;
        assert!(before.status.is_flagged(), "{}: {before:?}", d.what);
        assert!(
            before
                .note
                .as_deref()
                .is_some_and(|n| n.contains("shows another position")),
            "{}: {before:?}",
            d.what
        );
    }
}
