// The binary units sizes are written in, everywhere in the service and its tests.

export const KiB = 1024;
export const MiB = 1024 * KiB;
export const GiB = 1024 * MiB;
