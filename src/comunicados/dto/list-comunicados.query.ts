import { Pagination20QueryDto } from '../../common/pagination-20.query.js';

export class ListComunicadosQuery extends Pagination20QueryDto {}
