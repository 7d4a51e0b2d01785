// Any other path under /admin/api: the JSON not_found of unknown API routes, not the site's HTML 404.
export { DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT } from "../../../api/v1/[...path]/route";
