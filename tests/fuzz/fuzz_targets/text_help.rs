//! §4 text help formatting on any text: it never panics, and its blocks are
//! single lines of text, and verbatim mode keeps the lines.
#![no_main]

use launcher_help::text_help::{Block, format_text_help, verbatim};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let help = format_text_help(text);
    for block in &help.blocks {
        let s = block.text();
        assert!(!s.contains('\n'), "{block:?}");
        if let Block::Paragraph(p) = block {
            assert!(!p.is_empty());
        }
    }
    // Verbatim mode only turns CRLF into LF: the lines stay the same. (Not
    // "no CRLF is left": a lone CR before a CRLF stays, as documented.)
    let shown = verbatim(text);
    assert_eq!(shown.matches('\n').count(), text.matches('\n').count());
    assert_eq!(shown.len(), text.len() - text.matches("\r\n").count());
});
