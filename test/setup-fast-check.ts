/**
 * Every property test draws from a fixed seed, so a failure replays on the next run and on
 * another machine; SHOPPROP_FC_SEED draws other cases. A test that names its own seed keeps it.
 */
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.SHOPPROP_FC_SEED ?? 20_261_125) });
