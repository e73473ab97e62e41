"""Board files of ttr_nb, shipped as package data (see ttr_nb/maps/README.md)."""
