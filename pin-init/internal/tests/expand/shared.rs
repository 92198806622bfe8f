// SPDX-License-Identifier: Apache-2.0 OR MIT

// Shared borrows: two dependents of one owner, a chain, and an initializer using the bindings.
#[pin_data]
struct Config {
    key: &'text str,
    value: &'text str,
    parts: Vec<&'words str>,
    words: String,
    text: String,
}

fn config(line: &str) -> impl PinInit<Config> + '_ {
    pin_init!(Config {
        text: line.to_owned(),
        words: text.to_uppercase(),
        key: text.split('=').next().unwrap_or(""),
        value: text.split('=').nth(1).unwrap_or(""),
        parts: words.split(' ').collect(),
    })
}
