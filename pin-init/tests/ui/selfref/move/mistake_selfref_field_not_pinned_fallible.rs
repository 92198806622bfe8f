// Mistake: a driver keeps its parsed, self-referential configuration in an unpinned field and
// builds it with a fallible `<-` initializer in `try_pin_init!`; a `PinInit` does not go into an
// unpinned field. Fix: `#[pin] cfg: Config`.
// diag-fix: #\[pin\]
// diag-line: 27
// diag-class: selfref-field-not-pinned
use pin_init::*;

#[derive(Debug)]
struct ParseError;

#[pin_data]
struct Config {
    keys: Vec<&'raw str>,
    raw: String,
}

fn parse(line: &str) -> impl PinInit<Config, ParseError> + '_ {
    try_pin_init!(Config {
        raw: if line.is_empty() { Err(ParseError)? } else { line.to_owned() },
        keys: raw.split(',').collect(),
    }? ParseError)
}

#[pin_data]
struct Driver {
    cfg: Config,
    irq: u32,
}

fn probe(line: &str) -> impl PinInit<Driver, ParseError> + '_ {
    try_pin_init!(Driver { irq: 5, cfg <- parse(line) }? ParseError)
}

fn main() {
    let _ = probe("a,b");
}
