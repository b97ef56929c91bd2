//! §4 text help formatting on any text: it never panics, and its blocks are
//! single lines of trimmed text.
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
    assert!(!verbatim(text).contains("\r\n"));
});
