import { useParams } from '@tanstack/react-router';

/** The promotion of the address; not strict: a page being left may render once more without its match (decision 018). */
export const usePromotionId = () => (useParams({ strict: false }) as { promotionId?: string }).promotionId ?? '';
