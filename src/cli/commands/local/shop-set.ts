/** `shopprop local shop set <shopId>`: change a shop's address or phone, printed on its receipts. */
import { createContext } from '../../context.js';
import type { GlobalOptions } from '../../global-options.js';
import { withLocalStore } from '../../local-store.js';
import { idArgument } from '../../options.js';
import { companyOrPrompt } from '../../required-value.js';
import { CliUsageError } from '../../usage-error.js';

export interface ShopSetOptions {
  /** Text to set, false to remove it (--no-address), undefined to leave it. */
  address?: string | false;
  /** A number to set, false to remove it (--no-phone), undefined to leave it. */
  phone?: string | false;
}

export async function run(options: ShopSetOptions & GlobalOptions, args: string[]): Promise<void> {
  const shopId = idArgument('shopId', args[0]);
  if (options.address === undefined && options.phone === undefined) {
    throw new CliUsageError('nothing to set: give --address TEXT, --phone NUMBER, --no-address or --no-phone');
  }
  const context = createContext(options);
  const companyId = await companyOrPrompt(context, options.company);
  const shop = await withLocalStore(context, (store) =>
    store.changeShopDetails(companyId, shopId, {
      address: options.address === false ? null : options.address,
      phone: options.phone === false ? null : options.phone,
    }),
  );
  const address = shop.location ?? "no address of its own (receipts print the company's)";
  const phone = shop.phone ?? "none of its own (receipts print the company's)";
  context.say(`shop ${shop.id} (${shop.name}) of company ${companyId}: ${address}; phone ${phone}`);
}
