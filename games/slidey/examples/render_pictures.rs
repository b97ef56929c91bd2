//! Draws the manual's pictures with the game's own drawing code and the
//! deterministic rasteriser of `game-raster`:
//!
//! * `manual/shuffled.png`: a 4×4 deal of the landscape (seed 2024), the
//!   pointer on a tile of the gap's column, the tiles a click would slide
//!   outlined;
//! * `manual/misplaced.png`: the same deal with Show misplaced on.
//!
//! Run `cargo run -p slidey --example render_pictures` to write them into
//! the crate's directory (or into the directory given as argument). The
//! test `tests/pictures.rs` renders them again and compares them with the
//! committed files, so they never go stale.

use std::path::PathBuf;

#[path = "../tests/common/pictures.rs"]
mod pictures;

fn main() {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    for (name, bytes) in pictures::pictures() {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("make the picture's directory");
        }
        std::fs::write(&path, bytes).expect("write the picture");
        println!("wrote {}", path.display());
    }
}
