//! Writes the game's own pictures as PNG files, to look at them:
//! `cargo run -p slidey --example write_pictures -- <directory>` writes
//! `landscape.png` and `rings.png` there (the current directory without
//! an argument).

use slidey::picture::{Builtin, Image};
use std::path::PathBuf;

fn main() {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."));
    for which in Builtin::ALL {
        let path = dir.join(format!("{}.png", which.name().to_ascii_lowercase()));
        std::fs::write(&path, Image::builtin(which).to_png()).expect("write the picture");
        println!("wrote {}", path.display());
    }
}
