//! Benches (work in progress).
fn main() {}
