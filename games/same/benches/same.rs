//! Benches for Same (filled in below).
fn main() {}
