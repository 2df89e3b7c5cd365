//! The words between the moves: notes of varied length (some with numbered analysis that
//! replays from the position they follow), and the prose between games.

use escriba_resolve::shakmaty::Position;

use super::notation::{Notation, Place, PlyText, numbered, write_line};
use escriba_testkit::Rng;

const SENTENCES_EN: [&str; 24] = [
    "This is the usual continuation, and perhaps the best.",
    "A weak move, which loses time.",
    "White could have obtained a far better game by a different course.",
    "The position is now very interesting, and deserves careful study.",
    "Threatening to win the exchange.",
    "Black had nothing better.",
    "An ingenious resource, quite in the style of the first player.",
    "The attack is now irresistible.",
    "Much stronger than the move usually adopted in this opening.",
    "It would have been better to defend the pawn at once.",
    "Here the second player falls into a well-known trap.",
    "Both players have developed their forces with great care.",
    "The only move to save the piece.",
    "A very fine conception, the consequences of which are far reaching.",
    "Not so good as it looks; the reply is obvious.",
    "He should have exchanged the Queens first.",
    "The game is now even, though White has a little more freedom.",
    "Played with great judgment.",
    "This loses a valuable tempo, and the adversary is quick to profit by it.",
    "A bold sacrifice, but quite sound, as the sequel shows.",
    "The whole of this ending is very instructive.",
    "White does not care to win a pawn at the cost of his development.",
    "It is difficult to suggest anything better for the defence.",
    "The beginning of a long and subtle manoeuvre.",
];

const SENTENCES_ES: [&str; 12] = [
    "Esta es la continuación usual, y quizá la mejor.",
    "Jugada débil, que pierde tiempo.",
    "La posición es ahora muy interesante.",
    "Amenazando ganar la calidad.",
    "Las negras no tenían nada mejor.",
    "El ataque es ahora irresistible.",
    "Hubiera sido mejor defender el peón en seguida.",
    "Jugada muy fina, cuyas consecuencias son de gran alcance.",
    "El juego está ahora igualado.",
    "Un sacrificio atrevido, pero correcto, como lo demuestra la continuación.",
    "Todo este final es muy instructivo.",
    "Es difícil indicar algo mejor para la defensa.",
];

const SHORT_EN: [&str; 8] = [
    "Best.",
    "Good.",
    "The usual move.",
    "A weak move.",
    "Threatening mate.",
    "Very well played.",
    "Forced.",
    "Anticipating the attack.",
];

const SHORT_ES: [&str; 5] = [
    "Lo mejor.",
    "Forzada.",
    "Jugada débil.",
    "Amenazando mate.",
    "Bien jugado.",
];

/// Wraps words into lines of at most `width` characters, each with `indent`.
pub fn wrap(text: &str, width: usize, indent: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::from(indent);
    for word in text.split_whitespace() {
        if line.len() > indent.len() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::replace(&mut line, String::from(indent)));
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if line.len() > indent.len() {
        lines.push(line);
    }
    lines
}

/// `n` sentences of commentary.
pub fn sentences(rng: &mut Rng, n: usize, spanish: bool) -> String {
    let pool: &[&str] = if spanish {
        &SENTENCES_ES
    } else {
        &SENTENCES_EN
    };
    let mut picked: Vec<&str> = Vec::new();
    while picked.len() < n.min(pool.len()) {
        let s = *rng.pick(pool);
        if !picked.contains(&s) {
            picked.push(s);
        }
    }
    picked.join(" ")
}

/// A paragraph of prose between games, long enough to read as prose.
pub fn prose(rng: &mut Rng, spanish: bool) -> Vec<String> {
    let n = rng.range(2, 7);
    wrap(&sentences(rng, n, spanish), rng.range(60, 76), "")
}

/// Numbered analysis from `place` (the position before the game's ply), starting with a
/// move other than `played`: `If 12. Kt-K5, P-Q3; 13. B-Q3, and wins.` `None` when the
/// position has no other move.
pub fn analysis(
    rng: &mut Rng,
    place: &Place,
    played: escriba_resolve::shakmaty::Move,
    notation: Notation,
) -> Option<String> {
    let legal = place.0.legal_moves();
    let others: Vec<_> = legal.iter().copied().filter(|&m| m != played).collect();
    if others.is_empty() {
        return None;
    }
    let mut line = vec![*rng.pick(&others)];
    let mut pos = place.0.clone();
    pos.play_unchecked(line[0]);
    let more = rng.range(0, 4);
    line.extend(escriba_testkit::uniform_line(rng, &pos, more));
    let (plies, _) = write_line(place, &line, notation);
    let moves = numbered(&plies);
    let spanish = notation.spanish();
    let tail = if spanish {
        *rng.pick(&[", con buen juego.", ", y las blancas ganan.", "."])
    } else {
        *rng.pick(&[
            ", and White wins.",
            ", with a good game.",
            ", and Black has the better position.",
            ".",
        ])
    };
    let tail = if moves.ends_with('.') {
        tail.trim_end_matches('.')
    } else {
        tail
    };
    Some(format!("{} {moves}{tail}", notation.if_word()))
}

/// A note's text: a word or two, a sentence, a paragraph, or any of these with numbered
/// analysis from the position the note stands at.
pub fn note(
    rng: &mut Rng,
    place: &Place,
    played: escriba_resolve::shakmaty::Move,
    notation: Notation,
) -> String {
    let spanish = notation.spanish();
    let mut parts = Vec::new();
    match rng.below(4) {
        0 => parts.push(
            if spanish {
                *rng.pick(&SHORT_ES)
            } else {
                *rng.pick(&SHORT_EN)
            }
            .to_owned(),
        ),
        1 => parts.push(sentences(rng, 1, spanish)),
        _ => {
            let n = rng.range(2, 6);
            parts.push(sentences(rng, n, spanish));
        }
    }
    if rng.chance(45)
        && let Some(a) = analysis(rng, place, played, notation)
    {
        parts.push(a);
        if rng.chance(30) {
            parts.push(sentences(rng, 1, spanish));
        }
    }
    parts.join(" ")
}

/// The number a note's resuming line gives Black's move: `6. ...`, `6. ........`, `6...`.
pub fn continuation(rng: &mut Rng, ply: &PlyText) -> String {
    match rng.below(3) {
        0 => format!("{}. ...", ply.number),
        1 => format!("{}. ........", ply.number),
        _ => format!("{}...", ply.number),
    }
}
