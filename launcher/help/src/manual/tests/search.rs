//! Search: hits per section, snippets, and the places of matches.

use super::*;

#[test]
fn search_finds_sections_in_order() {
    let m = chat_noir();
    let hits = m.search("HOW TO");
    let hit_tags: Vec<&str> = hits.iter().map(|h| h.tag.as_str()).collect();
    assert_eq!(hit_tags, ["how-to-play", "how-to-play-1"]);
    assert_eq!(hits[0].title, "How to Play");

    let hits = m.search("cat");
    let hit_tags: Vec<&str> = hits.iter().map(|h| h.tag.as_str()).collect();
    // "dupli*cat*e" matches too: a substring search.
    assert_eq!(hit_tags, ["chat-noir", "rules", "how-to-play-1"]);
    assert!(hits[1].snippet.contains("The cat moves"), "{:?}", hits[1]);

    let hits = m.search("before any");
    assert_eq!(hits[0].tag, "");
    assert_eq!(hits[0].title, "Chat Noir");

    assert!(m.search("   ").is_empty());
    assert!(m.search("no such words").is_empty());
    // White space in the query matches line breaks in the text.
    assert_eq!(m.search("quoted remark").len(), 1);
}

#[test]
fn search_snippets_are_about_80_chars() {
    let long = format!(
        "# Long\n{} needle {}\n",
        "word ".repeat(100),
        "more ".repeat(100)
    );
    let m = Manual::parse("m", &long);
    let hits = m.search("NEEDLE");
    assert_eq!(hits.len(), 1);
    let snippet = &hits[0].snippet;
    assert!(snippet.contains("needle"), "{snippet}");
    assert!(
        snippet.starts_with('…') && snippet.ends_with('…'),
        "{snippet}"
    );
    let n = snippet.chars().count();
    assert!((60..=85).contains(&n), "{n}: {snippet}");

    // Case folding that changes lengths does not break the mapping.
    let m = Manual::parse("m", "# İstanbul\nStraße und İİİ straße\n");
    let hits = m.search("STRASSE");
    assert!(hits.is_empty(), "no full case folding, only lowercase");
    let hits = m.search("straße");
    assert_eq!(hits.len(), 1);
    assert_eq!(hits[0].snippet, "İstanbul Straße und İİİ straße");
    assert_eq!(m.search("i̇stanbul").len(), 1);
}

#[test]
fn short_snippets_start_at_the_beginning() {
    let m = Manual::parse("m", "# How to Play\nClick a dot to block it.\n");
    let hits = m.search("block");
    assert_eq!(hits[0].snippet, "How to Play Click a dot to block it.");
}

#[test]
fn a_hit_says_where_the_match_is_in_its_snippet() {
    let m = chat_noir();
    for query in ["CAT MOVES", "the", "Credits"] {
        let hits = m.search(query);
        assert!(!hits.is_empty(), "{query}");
        for hit in hits {
            let matched = &hit.snippet[hit.matched.clone()];
            assert_eq!(matched.to_lowercase(), query.to_lowercase(), "{hit:?}");
        }
    }
    let hits = m.search("trap   THE");
    assert_eq!(&hits[0].snippet[hits[0].matched.clone()], "trap the");
    // After a cut at the start, the range still points at the match.
    let long = format!("# L\n{} needle\n", "word ".repeat(100));
    let hit = &Manual::parse("m", &long).search("needle")[0];
    assert!(hit.snippet.starts_with('…'));
    assert_eq!(&hit.snippet[hit.matched.clone()], "needle");
}

#[test]
fn matches_are_found_everywhere_ignoring_case_and_spacing() {
    assert_eq!(
        find_matches("Cat, cat and CAT", "cat"),
        [0..3, 5..8, 13..16]
    );
    assert_eq!(find_matches("trap\n  the cat", "trap the"), vec![0..10]);
    assert_eq!(find_matches("aaaa", "aa"), [0..2, 2..4], "no overlaps");
    assert!(find_matches("text", "  ").is_empty());
    assert!(find_matches("text", "").is_empty());
    // Ranges are of the original text, whatever lowercasing does to lengths.
    let text = "İİ straße İ";
    let ranges = find_matches(text, "i̇");
    assert_eq!(ranges.len(), 3, "{ranges:?}");
    assert_eq!(&text[ranges[2].clone()], "İ");
    assert_eq!(
        &text[find_matches(text, "STRASSE")
            .first()
            .cloned()
            .unwrap_or(0..0)],
        ""
    );
    assert_eq!(&text[find_matches(text, "STRAßE")[0].clone()], "straße");
}
