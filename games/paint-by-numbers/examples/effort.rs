//! Prints how hard the generator works for each size (pictures drawn,
//! cells flipped, blue share), for tuning.
use paint_by_numbers::generate::{SIZES, generate_counted};
fn main() {
    for size in SIZES {
        let mut flips = 0;
        let mut pictures = 0;
        let mut blue = 0;
        let n = 20;
        let start = std::time::Instant::now();
        for seed in 0..n {
            let (p, e) = generate_counted(size, size, seed);
            flips += e.flips;
            pictures += e.pictures;
            blue += p.blue_count();
        }
        println!(
            "{size}x{size}: {:.1} flips, {:.2} pictures, {:.2} blue, {:?} each",
            flips as f64 / n as f64,
            pictures as f64 / n as f64,
            blue as f64 / (n as usize * size * size) as f64,
            start.elapsed() / n as u32
        );
    }
}
