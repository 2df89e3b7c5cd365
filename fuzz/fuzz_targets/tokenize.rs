//! Every dialect's tokenizer and repaired readings on arbitrary bytes: no panic, no hang,
//! spans inside the input and on char boundaries, and written moves read back.
#![no_main]

use escriba_notation::{Dialect, Style, TokenKind, movetext, parse_move, readings, write_move};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for d in Dialect::ALL {
        for t in movetext::tokenize(d, text) {
            let r = t.span.range();
            assert!(
                r.end <= text.len()
                    && text.is_char_boundary(r.start)
                    && text.is_char_boundary(r.end)
            );
            if let TokenKind::Move(mv) = t.kind {
                let mut out = String::new();
                write_move(d, &mv, Style::default(), &mut out);
                let _ = parse_move(d, &out);
            }
        }
        if text.len() < 40 {
            let _ = readings::readings(d, text);
        }
    }
});
