// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The names an expansion introduces: unguessable, so that no user token can reach them.
//!
//! An expansion pastes user tokens (types, bounds, expressions) next to items, generic
//! parameters and lifetimes of its own. Were those called `__ThePinData` or `__R`, a user item
//! of that name would mean one thing where the user wrote it and another inside the expansion
//! (a field type naming the user's `__R` would name the method's type parameter instead).
//! `Span::mixed_site()` hides locals and labels, not items or generic parameters. So every name
//! the expansion introduces and the user is not meant to write ends in a suffix derived from
//! a hash of the macro's whole input: to name it, the user's tokens would have to contain the
//! hash of a text that contains them (a fixed point of SHA-256, truncated to 64 bits).
//!
//! The names meant for users (`project`, `<Struct>Projection`, accessors) are not suffixed;
//! they are part of the API. See SOUNDNESS.md, "P9. A user token means one thing".

use proc_macro2::{Ident, Span, TokenStream};
use syn::Lifetime;

/// The suffix of one expansion's names.
#[derive(Clone)]
pub(crate) struct Names {
    suffix: String,
}

impl Names {
    /// The names of the expansion of a macro whose whole input is `inputs` (attribute
    /// arguments and item, or the macro's tokens).
    pub(crate) fn new(inputs: &[&TokenStream]) -> Self {
        let mut text = String::new();
        for input in inputs {
            text.push_str(&input.to_string());
            // Separates the inputs: `(a, bc)` and `(ab, c)` hash differently.
            text.push('\u{0}');
        }
        let digest = sha256(text.as_bytes());
        let mut n = u64::from_be_bytes(digest[..8].try_into().unwrap());
        if crate::support::check_disabled("hygiene") {
            // Test-only: every expansion's names are the same, hence guessable.
            n = 0;
        }
        // Base 36, fixed width: 13 characters hold 64 bits.
        let mut suffix = String::with_capacity(13);
        for _ in 0..13 {
            let d = (n % 36) as u8;
            n /= 36;
            suffix.push(char::from(if d < 10 { b'0' + d } else { b'a' + d - 10 }));
        }
        Names { suffix }
    }

    /// The identifier `{base}_{suffix}`, at `span`.
    pub(crate) fn ident_at(&self, base: &str, span: Span) -> Ident {
        Ident::new(&format!("{base}_{}", self.suffix), span)
    }

    /// The identifier `{base}_{suffix}` (for items and generic type parameters).
    pub(crate) fn ident(&self, base: &str) -> Ident {
        self.ident_at(base, Span::call_site())
    }

    /// The local variable or parameter `{base}_{suffix}`, hygienic (`Span::mixed_site()`,
    /// located at `at`): not even a user `const` of the same name, which a pattern would
    /// otherwise match, can reach it.
    pub(crate) fn local_at(&self, base: &str, at: Span) -> Ident {
        self.ident_at(base, Span::mixed_site().located_at(at))
    }

    /// [`Names::local_at`] at the macro's call site.
    pub(crate) fn local(&self, base: &str) -> Ident {
        self.local_at(base, Span::call_site())
    }

    /// The lifetime `'{base}_{suffix}` (`base` without the apostrophe).
    pub(crate) fn lifetime(&self, base: &str) -> Lifetime {
        Lifetime::new(&format!("'{base}_{}", self.suffix), Span::call_site())
    }

    /// The suffix alone (for tests that look for the expansion's names).
    #[cfg(test)]
    pub(crate) fn suffix(&self) -> &str {
        &self.suffix
    }
}

/// SHA-256 (FIPS 180-4) of `data`.
fn sha256(data: &[u8]) -> [u8; 32] {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    let mut h: [u32; 8] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
        0x5be0cd19,
    ];
    let mut msg = data.to_vec();
    let bits = (data.len() as u64).wrapping_mul(8);
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&bits.to_be_bytes());
    for block in msg.chunks_exact(64) {
        let mut w = [0u32; 64];
        for (i, word) in block.chunks_exact(4).enumerate() {
            w[i] = u32::from_be_bytes(word.try_into().unwrap());
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
        for i in 0..64 {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh
                .wrapping_add(s1)
                .wrapping_add(ch)
                .wrapping_add(K[i])
                .wrapping_add(w[i]);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(maj);
            hh = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *x = x.wrapping_add(y);
        }
    }
    let mut out = [0u8; 32];
    for (i, x) in h.iter().enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&x.to_be_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(d: [u8; 32]) -> String {
        d.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn sha256_known_answers() {
        assert_eq!(
            hex(sha256(b"")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            hex(sha256(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        // Two blocks.
        assert_eq!(
            hex(sha256(
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
            )),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
    }

    #[test]
    fn suffix_depends_on_every_input() {
        let a: TokenStream = "struct A { x: u8 }".parse().unwrap();
        let b: TokenStream = "struct A { x: u16 }".parse().unwrap();
        let empty = TokenStream::new();
        let na = Names::new(&[&empty, &a]);
        assert_eq!(na.suffix().len(), 13);
        assert_eq!(na.suffix(), Names::new(&[&empty, &a]).suffix());
        assert_ne!(na.suffix(), Names::new(&[&empty, &b]).suffix());
        assert_ne!(na.suffix(), Names::new(&[&a, &empty]).suffix());
        assert_eq!(na.ident("__R").to_string(), format!("__R_{}", na.suffix()));
    }
}
