//! Tessera
