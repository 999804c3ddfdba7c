import { BusinessCategoryListResponse } from '../../../contracts/lists';
import { mainCall } from '../http';

export const getBusinessCategories = () => mainCall(BusinessCategoryListResponse, '/v1/mfi/business-category', { silent: true });
