//! Markdown manuals on any text: parsing never panics, every section listed
//! can be looked up by its tag, any other tag is a clear error, and search
//! never panics (its ranges fall on character boundaries). The input's
//! first line is a tag to look up and a query.
#![no_main]

use launcher_help::manual::Manual;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (tag, source) = text.split_once('\n').unwrap_or(("", text));
    let manual = Manual::parse("fuzz.md", source);
    let _ = manual.title();
    for section in manual.sections() {
        let found = manual.section(&section.tag).expect("a listed tag is found");
        assert_eq!(found.tag, section.tag);
        let subtree = manual
            .subtree(&section.tag)
            .expect("a listed tag has a subtree");
        assert_eq!(subtree[0].tag, section.tag);
        for note in manual.footnotes_of(&section.blocks) {
            assert!(manual.footnotes().contains(note));
        }
    }
    match manual.section(tag) {
        Ok(section) => assert_eq!(section.tag, tag),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    let _ = manual.subtree(tag);
    for hit in manual.search(tag) {
        // The range of the match is within its snippet, on char boundaries.
        assert!(hit.snippet.get(hit.matched.clone()).is_some());
    }
    for range in launcher_help::manual::find_matches(source, tag) {
        assert!(source.get(range).is_some());
    }
    let _ = manual.image_paths();
    let _ = manual.html_file_name();
});
