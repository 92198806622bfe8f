// Mistake: a packet buffer is moved into the owner `buf`, and the payload view is then taken of
// the moved-from local `data`. Fix: borrow the field, `payload: &buf[HDR_LEN..]`.
// diag-fix: &buf\[|(use|write|borrow) (the field )?`buf`
// diag-line: 19
// diag-class: moved-local
use pin_init::*;

const HDR_LEN: usize = 4;

#[pin_data]
struct Packet {
    payload: &'buf [u8],
    buf: Vec<u8>,
}

fn packet(data: Vec<u8>) -> impl PinInit<Packet> {
    pin_init!(Packet {
        buf: data,
        payload: &data[HDR_LEN..],
    })
}

fn main() {
    let _ = packet(vec![0; 16]);
}
