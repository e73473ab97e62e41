"""Edition records: the rules of each edition as data (one TOML file each), shipped as package data."""
