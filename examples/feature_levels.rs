//! The same calls on devices at 9_1 and 11_0: what each level accepts, and how a refusal
//! looks (a typed `tessera::Error` naming the rule, the level, the limit and the value, and
//! the same text in the device's info queue, as D3D's debug layer would print it).
//!
//! `cargo run --release --example feature_levels`

use tessera::caps::{BindFlags, TextureDesc};
use tessera::{Device, DeviceDesc, FeatureLevel, Format};

/// A call to try on a device, with its label.
type Attempt = (&'static str, fn(&Device) -> tessera::Result<()>);

/// The calls: each creates one resource that some levels refuse.
const ATTEMPTS: [Attempt; 3] = [
    ("4096x4096 RGBA8 texture", |d| {
        let desc = TextureDesc::tex2d(
            4096,
            4096,
            Format::R8G8B8A8Unorm,
            BindFlags::SHADER_RESOURCE,
        );
        d.create_texture(&desc, None).map(drop)
    }),
    ("R16G16B16A16_FLOAT render target", |d| {
        let desc = TextureDesc::tex2d(64, 64, Format::R16G16B16A16Float, BindFlags::RENDER_TARGET);
        d.create_texture(&desc, None).map(drop)
    }),
    ("RGBA8 texture array of 4 slices", |d| {
        let desc = TextureDesc {
            array_size: 4,
            ..TextureDesc::tex2d(64, 64, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE)
        };
        d.create_texture(&desc, None).map(drop)
    }),
];

/// Each attempt's outcome (`Ok` or the error's text), then the info queue's lines.
type Outcomes = (Vec<Result<(), String>>, Vec<String>);

/// Runs every attempt on a new device at `level`.
fn outcomes(level: FeatureLevel) -> tessera::Result<Outcomes> {
    let device = Device::new(&DeviceDesc::at(level))?;
    let results = ATTEMPTS
        .iter()
        .map(|(_, call)| call(&device).map_err(|e| e.to_string()))
        .collect();
    let messages = device
        .info_queue()
        .take()
        .iter()
        .map(ToString::to_string)
        .collect();
    Ok((results, messages))
}

fn main() -> tessera::Result<()> {
    for level in [FeatureLevel::L9_1, FeatureLevel::L11_0] {
        println!("== feature level {level}");
        let (results, messages) = outcomes(level)?;
        for ((label, _), result) in ATTEMPTS.iter().zip(results) {
            match result {
                Ok(()) => println!("  {label}: ok"),
                Err(e) => println!("  {label}: refused: {e}"),
            }
        }
        println!("  info queue:");
        for m in messages {
            println!("    {m}");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use tessera::FeatureLevel;

    /// `cargo test` runs the example: 9_1 refuses all three, 11_0 accepts all three, and
    /// every refusal is also in the info queue.
    #[test]
    fn nine_one_refuses_what_eleven_zero_accepts() {
        let (at_9_1, messages) = super::outcomes(FeatureLevel::L9_1).unwrap();
        assert!(at_9_1.iter().all(Result::is_err), "{at_9_1:?}");
        assert_eq!(messages.len(), at_9_1.len(), "{messages:?}");
        let (at_11_0, messages) = super::outcomes(FeatureLevel::L11_0).unwrap();
        assert!(at_11_0.iter().all(Result::is_ok), "{at_11_0:?}");
        assert!(messages.is_empty(), "{messages:?}");
    }
}
