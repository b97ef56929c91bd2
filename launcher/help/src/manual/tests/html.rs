//! The standalone HTML page and the browser.

use super::*;
use std::sync::Mutex;

/// Serialises the tests that change environment variables.
static ENV_LOCK: Mutex<()> = Mutex::new(());

#[test]
fn html_is_a_standalone_page_with_anchor_ids() {
    let m = chat_noir();
    let html = m.to_html("Chat Noir <Help>");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<meta charset=\"utf-8\">"));
    assert!(html.contains("<title>Chat Noir &lt;Help&gt;</title>"));
    assert!(html.contains("<style>"));
    for s in m.sections() {
        assert!(html.contains(&format!("id=\"{}\"", s.tag)), "{}", s.tag);
        assert!(
            html.contains(&format!("<a href=\"#{}\">", s.tag)),
            "{}",
            s.tag
        );
    }
    assert!(html.contains("<h2 id=\"rules\">Rules</h2>"), "{html}");
    assert!(html.contains("<a href=\"#rules\">the rules</a>"));
    assert!(html.contains("src=\"pics/board.png\""));
    assert!(html.trim_end().ends_with("</html>"));
}

#[test]
fn html_without_headings_has_no_toc() {
    let html = Manual::parse("m", "text only").to_html("m");
    assert!(!html.contains("<nav"));
    assert!(html.contains("<p>text only</p>"));
}

#[test]
fn html_file_names() {
    let name = |n: &str| Manual::parse(n, "").html_file_name();
    assert_eq!(name("games/chat-noir/manual.md"), "manual.html");
    assert_eq!(name("Chat Noir: the manual"), "chat-noir-the-manual.html");
    assert_eq!(name("???"), "manual.html");
}

#[test]
fn write_html_copies_pictures() {
    let manual_dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    std::fs::create_dir(manual_dir.path().join("pics")).unwrap();
    std::fs::write(manual_dir.path().join("pics/board.png"), b"png").unwrap();
    let m = Manual::parse(
        "games/chat-noir/manual.md",
        "# Chat Noir\n![b](pics/board.png) ![m](missing.png)\n",
    );
    let cache_dir = cache.path().join("chat-noir");
    let written = write_html(&m, &cache_dir, manual_dir.path(), manual_dir.path()).unwrap();
    assert_eq!(written.path, cache_dir.join("manual.html"));
    let html = std::fs::read_to_string(&written.path).unwrap();
    assert!(html.contains("<title>Chat Noir</title>"));
    assert_eq!(
        std::fs::read(cache_dir.join("pics/board.png")).unwrap(),
        b"png"
    );
    assert_eq!(written.warnings.len(), 1, "{:?}", written.warnings);
    assert!(written.warnings[0].contains("missing.png"));
    let leftovers: Vec<_> = std::fs::read_dir(&cache_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers.len(), 2, "{leftovers:?}");
}

/// Issue 41: the page for the browser copies no picture through a link
/// out of the game's folder (it copied the player's key beside the page).
#[cfg(unix)]
#[test]
fn write_html_copies_no_picture_that_links_out_of_the_folder() {
    let home = tempfile::tempdir().unwrap();
    std::fs::write(home.path().join("id_rsa"), b"KEY").unwrap();
    let folder = home.path().join("sneaky");
    std::fs::create_dir_all(folder.join("pics")).unwrap();
    std::os::unix::fs::symlink("../../id_rsa", folder.join("pics/key.png")).unwrap();
    let m = Manual::parse("sneaky/manual.md", "# Sneaky\n![k](pics/key.png)\n");
    let cache_dir = home.path().join("cache");
    let written = write_html(&m, &cache_dir, &folder, &folder).unwrap();
    assert!(!cache_dir.join("pics/key.png").exists());
    assert_eq!(written.warnings.len(), 1, "{:?}", written.warnings);
    assert!(
        written.warnings[0].contains("leads out of"),
        "{:?}",
        written.warnings
    );
}

#[cfg(unix)]
#[test]
fn browser_variable_receives_the_url_intact() {
    let _guard = ENV_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("got-url");
    let script = dir.path().join("fake browser.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nprintf '%s\\n' \"$@\" > '{}.tmp' && mv '{0}.tmp' '{0}'\n",
            out.display()
        ),
    )
    .unwrap();

    let html = dir.path().join("my manual & more.html");
    let url = manual_url(&html, "how-to-play");
    assert!(
        url.contains("my%20manual%20%26%20more.html#how-to-play"),
        "{url}"
    );

    let wait_for = |expected: &str| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while std::time::Instant::now() < deadline {
            if let Ok(got) = std::fs::read_to_string(&out) {
                assert_eq!(got, expected);
                std::fs::remove_file(&out).unwrap();
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        panic!("the fake browser never wrote {} in 60 s", out.display());
    };

    // Run by `sh`, not executed itself: a script this process just wrote
    // cannot be executed while another test's child, forked in between,
    // still holds it open for writing (ETXTBSY).
    let quoted = format!("sh '{}'", script.display());
    // A missing first browser is skipped; the URL is appended.
    let previous = std::env::var_os("BROWSER");
    // SAFETY: the tests that touch the environment hold ENV_LOCK, and no
    // other test reads BROWSER.
    unsafe { std::env::set_var("BROWSER", format!("/nonexistent/browser:{quoted}")) };
    open_in_browser(&url).unwrap();
    wait_for(&format!("{url}\n"));

    // `%s` is replaced in place.
    unsafe { std::env::set_var("BROWSER", format!("{quoted} --new-tab %s --end")) };
    let tricky = "https://example.org/a b?x=1&y='$HOME'#frag";
    open_in_browser(tricky).unwrap();
    wait_for(&format!("--new-tab\n{tricky}\n--end\n"));

    match previous {
        Some(v) => unsafe { std::env::set_var("BROWSER", v) },
        None => unsafe { std::env::remove_var("BROWSER") },
    }
}

#[test]
fn tables_are_html_tables_in_the_browser_page() {
    let m = Manual::parse("t.md", "# T\n\n| a | b |\n| - | - |\n| 1 | 2 |\n");
    let html = m.to_html("T");
    assert!(html.contains("<table>"), "{html}");
    assert!(html.contains("<th>a</th>"), "{html}");
    assert!(html.contains("<td>2</td>"), "{html}");
}

#[test]
fn footnotes_strikethrough_and_tasks_are_in_the_browser_page() {
    let m = Manual::parse(
        "m",
        "# Rules\n\nSee[^rules]. ~~old~~\n\n- [x] done\n\n[^rules]: The note.\n",
    );
    let html = m.to_html("T");
    // The footnote's id cannot be taken for the section's.
    assert!(html.contains("<h1 id=\"rules\">Rules</h1>"), "{html}");
    assert!(html.contains("href=\"#fn-rules\">1</a>"), "{html}");
    assert!(html.contains("id=\"fn-rules\""), "{html}");
    assert_eq!(html.matches("id=\"rules\"").count(), 1, "{html}");
    assert!(html.contains("<del>old</del>"), "{html}");
    assert!(html.contains("type=\"checkbox\" checked"), "{html}");
}

#[test]
fn a_heading_in_a_footnote_is_no_section_on_the_page_either() {
    let m = Manual::parse(
        "m",
        "# A\nx[^n]\n\n[^n]: note\n\n    # not a section\n\n[^n]: again\n",
    );
    assert_eq!(tags(&m), ["a"]);
    let html = m.to_html("m");
    assert!(html.contains("<h1>not a section</h1>"), "{html}");
    // The first definition of a label wins.
    assert_eq!(m.footnotes().len(), 1);
    assert_eq!(
        m.footnotes()[0].blocks[1],
        ManualBlock::Paragraph(vec![Inline::Strong(vec![Inline::Text(
            "not a section".into()
        )])])
    );
}
