//! Prints how many boards the no-guessing generator lays for each size, on
//! average, over 50 seeds (`cargo run -p minesweeper --release --example attempts`).

use minesweeper::board::Size;
use minesweeper::generate::{Mode, generate};

fn main() {
    let sizes = [
        ("Beginner", Size::BEGINNER),
        ("Original", Size::ORIGINAL),
        ("Intermediate", Size::INTERMEDIATE),
        ("Expert", Size::EXPERT),
        ("Custom 20x20/60", Size::new(20, 20, 60).unwrap()),
    ];
    for (name, size) in sizes {
        let start = std::time::Instant::now();
        let (mut total, mut worst, mut failed) = (0, 0, 0);
        for seed in 0..50 {
            let first = size.grid().index(size.height / 2, size.width / 2);
            let layout = generate(size, Mode::NoGuess, seed, first);
            total += layout.attempts;
            worst = worst.max(layout.attempts);
            failed += u32::from(!layout.no_guess);
        }
        println!(
            "{name}: {:.1} attempts on average, at most {worst}, {failed} not solved, {:?} a board",
            f64::from(total) / 50.0,
            start.elapsed() / 50
        );
    }
}
