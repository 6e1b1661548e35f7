/** The reports README's quick start runs on the demo store, embedded and against `shopprop serve`. */
export const QUICK_START_REPORTS: string[][] = [
  ['sale', 'list'],
  ['sale', 'items', '--limit', '20'],
  ['receipt', 'specs'],
  ['paidbalance', '--zone', '1'],
  ['payadvice', '--property', '1'],
  ['statements', '--landlord', '1', '--status', 'ALL'],
];
