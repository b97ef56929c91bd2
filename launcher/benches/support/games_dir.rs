//! A temporary games directory of `count` games in seven sets, for the
//! benchmarks: manifests only, and an icon file that is not a PNG (scanning
//! does not decode it; the console shows the fallback icon).

pub fn games_dir(count: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..count {
        let game = dir.path().join(format!("game-{i:04}"));
        std::fs::create_dir(&game).unwrap();
        std::fs::write(
            game.join("info.toml"),
            format!(
                "game = \"game_{i}\"\nname = \"Game {i}\"\ngame-set = \"Set {}\"\n",
                i % 7
            ),
        )
        .unwrap();
        std::fs::write(
            game.join(format!("game-{i:04}.png")),
            b"not decoded while scanning",
        )
        .unwrap();
    }
    dir
}
