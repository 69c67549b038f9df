import { apiRequest } from './request.ts';

/** `/api/upload/*`: audio (sent with XMLHttpRequest for its progress, admin/upload/) and images. */
export const uploadPaths = {
  audio: '/api/upload/audio',
  image: '/api/upload/image',
};

export const uploadApi = {
  /** Stores an image; the answer's objectPath goes into a song's artworkUrl. */
  image: (file: File) => {
    const body = new FormData();
    body.set('file', file);
    return apiRequest(uploadPaths.image, { method: 'POST', body, expect: 'imageUpload' });
  },
};
