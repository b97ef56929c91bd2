//! Sizes in bytes as a player reads them. A module of its own, imported by
//! the sandbox's summary and the exit reports alike, so that neither
//! imports the other.

/// "2 GiB", "512 MiB", "1000 bytes".
pub fn format_bytes(bytes: u64) -> String {
    const GIB: u64 = 1 << 30;
    const MIB: u64 = 1 << 20;
    if bytes >= GIB && bytes.saturating_mul(10).is_multiple_of(GIB) {
        format_unit(bytes, GIB, "GiB")
    } else if bytes >= MIB {
        format_unit(bytes, MIB, "MiB")
    } else {
        format!("{bytes} bytes")
    }
}

fn format_unit(bytes: u64, unit: u64, name: &str) -> String {
    let value = bytes as f64 / unit as f64;
    if bytes.is_multiple_of(unit) {
        format!("{} {name}", bytes / unit)
    } else {
        format!("{value:.1} {name}")
    }
}
